// The amounts are drawn from a range narrow enough (ratio ≤ 1.6) that the router's pro-rata deposit
// always stays above the 50 % minimums in the ~1:1 pool; the published range could make it revert.
import { decodeFunctionData, parseUnits } from 'viem';
import {
  ADD_LIQUIDITY,
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  firstCall,
  grantSpent,
  lpMinted,
  minimumsByToken,
  orderedReserves,
  routerDeposit,
  selectorsOf,
  slippageFloor,
  withGrace,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_approve_2_tokens'>;
type State = { usdt: bigint; busd: bigint; lp: bigint; allowUsdt: bigint; allowBusd: bigint; rUsdt: bigint; rBusd: bigint; supply: bigint };

/** The router's deposit for the desired amounts at the pre-state reserves, and the LP it mints. */
function expected(pre: State, p: Params) {
  const [usdt, busd] = routerDeposit(parseUnits(p.amount_usdt, 18), parseUnits(p.amount_busd, 18), pre.rUsdt, pre.rBusd);
  return { usdt, busd, lp: lpMinted(usdt, busd, pre.rUsdt, pre.rBusd, pre.supply) };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing router allowances both approvals are really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.USDT, env.router, 0n);
    await approveAs(chain, agent, env.BUSD, env.router, 0n);
  },
  observe: async ({ chain, env, agent }) => {
    const pair = await orderedReserves(chain, env.pair_USDT_BUSD, env.USDT);
    return {
      usdt: await balanceOf(chain, env.USDT, agent),
      busd: await balanceOf(chain, env.BUSD, agent),
      lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
      allowUsdt: await allowanceOf(chain, env.USDT, agent, env.router),
      allowBusd: await allowanceOf(chain, env.BUSD, agent, env.router),
      rUsdt: pair.reserves[0],
      rBusd: pair.reserves[1],
      supply: pair.supply,
    };
  },
  checks: [
    {
      name: 'router was approved for exactly the requested USDT and the deposit used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(
          approvalSent(txs, env.USDT, env.router),
          pre.usdt - post.usdt,
          post.allowUsdt,
          parseUnits(params.amount_usdt, 18),
          'the router',
          'USDT',
        ),
    },
    {
      name: 'router was approved for exactly the requested BUSD and the deposit used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(
          approvalSent(txs, env.BUSD, env.router),
          pre.busd - post.busd,
          post.allowBusd,
          parseUnits(params.amount_busd, 18),
          'the router',
          'BUSD',
        ),
    },
    {
      name: 'agent received the USDT/BUSD LP tokens the deposit is worth',
      weight: 40,
      verify: ({ pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request at the pool ratio',
      weight: 10,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'BUSD deposited matches the request at the pool ratio',
      weight: 10,
      verify: ({ pre, post, params }) =>
        compareAmount('BUSD deposited', pre.busd - post.busd, expected(pre, params).busd, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 10,
      verify: ({ txs, env, params }) => {
        const add = firstCall(txs, env.router, selectorsOf(ADD_LIQUIDITY));
        if (!add) return { pass: false, detail: 'no successful addLiquidity through the router' };
        const [tokenA, tokenB, , , minA, minB] = decodeFunctionData({ abi: ADD_LIQUIDITY, data: add.tx.data }).args;
        const minFor = minimumsByToken(tokenA, tokenB, minA, minB);
        const floor = (amount: string) => withGrace(slippageFloor(parseUnits(amount, 18), params.slippage));
        const [mu, mb] = [minFor(env.USDT), minFor(env.BUSD)];
        const pass =
          mu !== undefined && mb !== undefined && mu > 0n && mb > 0n && mu >= floor(params.amount_usdt) && mb >= floor(params.amount_busd);
        return {
          pass,
          detail: `USDT min ${mu ?? '-'} (floor ${floor(params.amount_usdt)}), BUSD min ${mb ?? '-'} (floor ${floor(params.amount_busd)})`,
        };
      },
    },
  ],
});
