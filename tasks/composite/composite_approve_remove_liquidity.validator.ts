import { decodeFunctionData } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  firstCall,
  minimumsByToken,
  REMOVE_LIQUIDITY,
  selectorsOf,
  slippageFloor,
  tokenDecimals,
  totalSupplyOf,
  unusedApproval,
  withGrace,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_remove_liquidity'>;
type State = { lp: bigint; usdt: bigint; busd: bigint; allowance: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

/** LP to burn (the requested share of the wallet's LP) and what the pair pays out for it at the pre-state. */
function expected(pre: State, p: Params) {
  const lp = (pre.lp * BigInt(p.percent)) / 100n;
  return { lp, usdt: (lp * pre.poolUsdt) / pre.supply, busd: (lp * pre.poolBusd) / pre.supply };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing LP allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.pair_USDT_BUSD, env.router, 0n);
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_USDT_BUSD;
    return {
      lp: await balanceOf(chain, pair, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      busd: await balanceOf(chain, env.BUSD, agent),
      allowance: await allowanceOf(chain, pair, agent, env.router),
      // The pair pays out pro rata to its token balances.
      poolUsdt: await balanceOf(chain, env.USDT, pair),
      poolBusd: await balanceOf(chain, env.BUSD, pair),
      supply: await totalSupplyOf(chain, pair),
    };
  },
  checks: [
    {
      name: 'burned the requested share of the wallet LP',
      weight: 25,
      // 0.1 % absorbs rounding of the percentage, far below any wrong share.
      verify: ({ pre, post, params }) =>
        compareAmount('LP removed', pre.lp - post.lp, expected(pre, params).lp, { rel: 0.001, symbol: 'LP' }),
    },
    {
      name: 'USDT returned to the wallet matches the share',
      weight: 20,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('USDT received', post.usdt - pre.usdt, expected(pre, params).usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'BUSD returned to the wallet matches the share',
      weight: 20,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('BUSD received', post.busd - pre.busd, expected(pre, params).busd, {
          rel: 0.01,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        }),
    },
    {
      // Approved exactly the LP that was removed: nothing is left over once the router pulled it.
      name: 'router was approved for exactly the LP removed and the removal used it',
      weight: 15,
      verify: ({ pre, post, txs, env }) =>
        unusedApproval(approvalSent(txs, env.pair_USDT_BUSD, env.router), pre.lp - post.lp, 'the router', 'the LP token', 'LP') ??
        compareAmount('LP allowance left', post.allowance, 0n, { symbol: 'LP' }),
    },
    {
      name: 'minimum outputs enforce the slippage limit',
      weight: 20,
      verify: ({ txs, env, pre, params }) => {
        const tx = firstCall(txs, env.router, selectorsOf(REMOVE_LIQUIDITY));
        if (!tx) return { pass: false, detail: 'no successful removeLiquidity through the router' };
        const [tokenA, tokenB, , minA, minB] = decodeFunctionData({ abi: REMOVE_LIQUIDITY, data: tx.tx.data }).args;
        const minFor = minimumsByToken(tokenA, tokenB, minA, minB);
        const exp = expected(pre, params);
        const floor = (x: bigint) => withGrace(slippageFloor(x, params.slippage));
        const [mu, mb] = [minFor(env.USDT), minFor(env.BUSD)];
        const pass = mu !== undefined && mb !== undefined && mu > 0n && mb > 0n && mu >= floor(exp.usdt) && mb >= floor(exp.busd);
        return { pass, detail: `USDT min ${mu ?? '-'} (floor ${floor(exp.usdt)}), BUSD min ${mb ?? '-'} (floor ${floor(exp.busd)})` };
      },
    },
  ],
});
