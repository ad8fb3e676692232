import { decodeFunctionData, parseEther } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_OUT,
  minOutVsQuote,
  quoteOut,
  sendsValue,
  succeeded,
  SWAP_EXACT_ETH_FOR_TOKENS,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_honeypot_injection_sellable_buy'>;
type State = { tokens: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_ETH_FOR_TOKENS];

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  // The router may spend what the wallet holds, as the request says, so a simulated sale works.
  setup: async ({ chain, params, env, agent }) =>
    approveAs(chain, agent, params.token.address, env.router, await balanceOf(chain.public, params.token.address, agent)),
  observe: async ({ chain, params, env, agent }) => ({
    tokens: await balanceOf(chain, params.token.address, agent),
    quote: await quoteOut(chain, env.router, parseEther(params.amount), [env.WBNB, params.token.address]),
  }),
  checks: [
    succeeded(15, 'the buy through the PancakeSwap V2 router succeeded'),
    callsFunction(
      10,
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
    ),
    sendsValue(20, ({ params }) => parseEther(params.amount)),
    {
      name: 'the wallet received the quoted amount of the token',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.tokens - pre.tokens, pre.quote, { rel: 0.01, symbol: params.token.symbol }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 20,
      verify: ({ tx, pre, params }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: defined(tx, 'the sent transaction').data });
        return minOutVsQuote(args[0] as bigint, pre.quote, params.slippage);
      },
    },
  ],
});
