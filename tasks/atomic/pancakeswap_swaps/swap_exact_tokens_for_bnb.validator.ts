import { decodeFunctionData } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  GET_AMOUNTS_OUT,
  minOutVsQuote,
  nativeBalance,
  quoteOut,
  SWAP_EXACT_TOKENS_FOR_ETH,
  defined,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'swap_exact_tokens_for_bnb'>;
type State = { tokens: bigint; bnb: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_TOKENS_FOR_ETH];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, params, env, agent }) => ({
    tokens: await balanceOf(chain, params.token.address, agent),
    bnb: await nativeBalance(chain, agent),
    // Direct-pool quote at this state; only the pre-state value is used. The amount is in the token's own decimals.
    quote: await quoteOut(chain, env.router, await tokenUnits(chain, params.token.address, params.amount), [
      params.token.address,
      env.WBNB,
    ]),
  }),
  checks: [
    callsFunction(
      8,
      'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ),
    {
      // Both legs of the trade carry the weight: stablecoins are priced alike, so selling the wrong
      // one still brings in about the quoted BNB.
      name: 'agent sold exactly the amount of the right token',
      weight: 42,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('sold', pre.tokens - post.tokens, await tokenUnits(chain, params.token.address, params.amount), {
          symbol: params.token.symbol,
          decimals: await tokenDecimals(chain, params.token.address),
        }),
    },
    {
      // Native BNB back in the agent's wallet (gas added back), at the pool's price.
      name: 'agent received the quoted amount of BNB',
      weight: 42,
      verify: (ctx) => compareAmount('received', ctx.post.bnb - ctx.pre.bnb + gasCost(ctx), ctx.pre.quote, { rel: 0.01, symbol: 'BNB' }),
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
