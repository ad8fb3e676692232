import { balanceOf, callsFunction, compareAmount, defineValidator, tokenDecimals, totalSupplyOf } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'remove_liquidity_tokens'>;
type State = { lp: bigint; usdt: bigint; busd: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

/** P % of the agent's LP, rounded down to the wei. */
const burn = (pre: State, p: Params) => (pre.lp * BigInt(p.percent)) / 100n;

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    busd: await balanceOf(chain, env.BUSD, agent),
    poolUsdt: await balanceOf(chain, env.USDT, env.pair_USDT_BUSD),
    poolBusd: await balanceOf(chain, env.BUSD, env.pair_USDT_BUSD),
    supply: await totalSupplyOf(chain, env.pair_USDT_BUSD),
  }),
  checks: [
    callsFunction(10, 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)'),
    {
      name: 'agent burned the requested share of its LP',
      weight: 30,
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
      name: 'agent received its pro-rata BUSD',
      weight: 30,
      verify: async ({ pre, post, params, chain, env }) =>
        compareAmount('BUSD received', post.busd - pre.busd, (burn(pre, params) * pre.poolBusd) / pre.supply, {
          rel: 0.01,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        }),
    },
  ],
});
