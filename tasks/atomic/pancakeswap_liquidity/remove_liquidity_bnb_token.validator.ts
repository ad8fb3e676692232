import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  nativeBalance,
  tokenDecimals,
  totalSupplyOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'remove_liquidity_bnb_token'>;
type State = { lp: bigint; usdt: bigint; bnb: bigint; poolUsdt: bigint; poolWbnb: bigint; supply: bigint };

/** P % of the agent's LP, rounded down to the wei. */
const burn = (pre: State, p: Params) => (pre.lp * BigInt(p.percent)) / 100n;

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_WBNB_USDT, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    bnb: await nativeBalance(chain, agent),
    poolUsdt: await balanceOf(chain, env.USDT, env.pair_WBNB_USDT),
    poolWbnb: await balanceOf(chain, env.WBNB, env.pair_WBNB_USDT),
    supply: await totalSupplyOf(chain, env.pair_WBNB_USDT),
  }),
  checks: [
    callsFunction(
      12,
      'removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
      'removeLiquidityETHSupportingFeeOnTransferTokens(address,uint256,uint256,uint256,address,uint256)',
    ),
    {
      name: 'agent burned the requested share of its LP',
      weight: 24,
      verify: ({ pre, post, params }) => compareAmount('LP burned', pre.lp - post.lp, burn(pre, params), { abs: 1n, symbol: 'LP' }),
    },
    {
      name: 'agent received its pro-rata USDT',
      weight: 30,
      verify: async ({ pre, post, params, chain, env }) =>
        compareAmount('USDT received', post.usdt - pre.usdt, (burn(pre, params) * pre.poolUsdt) / pre.supply, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      // Native BNB, gas added back: WBNB left wrapped or sent elsewhere does not count.
      name: 'agent received its pro-rata share as native BNB',
      weight: 34,
      verify: (ctx) =>
        compareAmount(
          'BNB received',
          ctx.post.bnb - ctx.pre.bnb + gasCost(ctx),
          (burn(ctx.pre, ctx.params) * ctx.pre.poolWbnb) / ctx.pre.supply,
          { rel: 0.01, symbol: 'BNB' },
        ),
    },
  ],
});
