import { decodeFunctionData, parseEther } from 'viem';
import {
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
  defined,
  tokenDecimals,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'swap_exact_bnb_for_tokens'>;
type State = { tokens: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_ETH_FOR_TOKENS];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, params, env, agent }) => ({
    tokens: await balanceOf(chain, params.token.address, agent),
    // The direct-pool quote at this state; the swap must get (almost) this much.
    quote: await quoteOut(chain, env.router, parseEther(params.amount), [env.WBNB, params.token.address]),
  }),
  checks: [
    succeeded(20, 'swap through the PancakeSwap router succeeded'),
    callsFunction(
      15,
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
    ),
    sendsValue(20, ({ params }) => parseEther(params.amount)),
    {
      name: 'agent received the quoted amount of the right token',
      weight: 25,
      // A routed path may differ slightly from the direct quote; 1 % is far tighter than any wrong token or amount.
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.tokens - pre.tokens, pre.quote, {
          rel: 0.01,
          symbol: params.token.symbol,
          decimals: await tokenDecimals(chain, params.token.address),
        }),
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
