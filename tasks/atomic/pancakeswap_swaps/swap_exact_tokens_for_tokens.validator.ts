import { decodeFunctionData } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_OUT,
  minOutVsQuote,
  quoteOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  defined,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'swap_exact_tokens_for_tokens'>;
type State = { sold: bigint; bought: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, params, env, agent }) => ({
    sold: await balanceOf(chain, params.pair.sellAddress, agent),
    bought: await balanceOf(chain, params.pair.buyAddress, agent),
    // Every offered pair has a direct pool; its quote at this state is the expectation.
    quote: await quoteOut(chain, env.router, await tokenUnits(chain, params.pair.sellAddress, params.amount), [
      params.pair.sellAddress,
      params.pair.buyAddress,
    ]),
  }),
  checks: [
    callsFunction(
      8,
      'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ),
    {
      // Both legs carry the weight: a like-priced wrong input (another stablecoin) still buys about the quote.
      name: 'agent sold exactly the amount of the input token',
      weight: 42,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('sold', pre.sold - post.sold, await tokenUnits(chain, params.pair.sellAddress, params.amount), {
          symbol: params.pair.sell,
          decimals: await tokenDecimals(chain, params.pair.sellAddress),
        }),
    },
    {
      // 1 % leaves room for a routed path; a wrong token, amount or recipient is far outside it.
      name: 'agent received the quoted amount of the output token',
      weight: 42,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.bought - pre.bought, pre.quote, {
          rel: 0.01,
          symbol: params.pair.buy,
          decimals: await tokenDecimals(chain, params.pair.buyAddress),
        }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 8,
      verify: ({ tx, pre, params }) => {
        const { args } = decodeFunctionData({ abi: ROUTER, data: defined(tx, 'the sent transaction').data });
        return minOutVsQuote(args[1] as bigint, pre.quote, params.slippage);
      },
    },
  ],
});
