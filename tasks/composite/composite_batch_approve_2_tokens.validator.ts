// The amounts are drawn from a range narrow enough (ratio ≤ 1.6) that the router's pro-rata deposit
// always stays above the 50 % minimums in the ~1:1 pool; the published range could make it revert.
import { decodeFunctionData, type Address, type PublicClient } from 'viem';
import {
  ADD_LIQUIDITY,
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  firstCall,
  lpMinted,
  minimumsByToken,
  orderedReserves,
  routerDeposit,
  selectorsOf,
  slippageFloor,
  tokenDecimals,
  tokenUnits,
  unusedApproval,
  withGrace,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_approve_2_tokens'>;
type State = { usdt: bigint; busd: bigint; lp: bigint; allowUsdt: bigint; allowBusd: bigint; rUsdt: bigint; rBusd: bigint; supply: bigint };

/** The two stablecoins' addresses (on Base, USDC and DAI play them). */
type Stables = { readonly USDT: Address; readonly BUSD: Address };

/** The desired amounts in each token's own decimals (USDT: 18 on BSC, 6 for Base's USDC), and those decimals. */
async function wanted(chain: PublicClient, env: Stables, p: Params) {
  return {
    usdt: await tokenUnits(chain, env.USDT, p.amount_usdt),
    busd: await tokenUnits(chain, env.BUSD, p.amount_busd),
    usdtDecimals: await tokenDecimals(chain, env.USDT),
    busdDecimals: await tokenDecimals(chain, env.BUSD),
  };
}

/** The router's deposit for the desired amounts at the pre-state reserves, and the LP it mints. */
async function expected(chain: PublicClient, env: Stables, pre: State, p: Params) {
  const want = await wanted(chain, env, p);
  const [usdt, busd] = routerDeposit(want.usdt, want.busd, pre.rUsdt, pre.rBusd);
  return { usdt, busd, lp: lpMinted(usdt, busd, pre.rUsdt, pre.rBusd, pre.supply) };
}

/** grantSpent's check, its amounts shown in the token's own decimals. */
function granted(approved: boolean, spent: bigint, left: bigint, requested: bigint, symbol: string, decimals: number) {
  return (
    unusedApproval(approved, spent, 'the router', symbol) ??
    compareAmount(`${symbol} allowance granted`, left + spent, requested, { symbol, decimals })
  );
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
      verify: async ({ chain, pre, post, params, txs, env }) => {
        const want = await wanted(chain, env, params);
        return granted(approvalSent(txs, env.USDT, env.router), pre.usdt - post.usdt, post.allowUsdt, want.usdt, 'USDT', want.usdtDecimals);
      },
    },
    {
      name: 'router was approved for exactly the requested BUSD and the deposit used it',
      weight: 15,
      verify: async ({ chain, pre, post, params, txs, env }) => {
        const want = await wanted(chain, env, params);
        return granted(approvalSent(txs, env.BUSD, env.router), pre.busd - post.busd, post.allowBusd, want.busd, 'BUSD', want.busdDecimals);
      },
    },
    {
      name: 'agent received the USDT/BUSD LP tokens the deposit is worth',
      weight: 40,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, (await expected(chain, env, pre, params)).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request at the pool ratio',
      weight: 10,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('USDT deposited', pre.usdt - post.usdt, (await expected(chain, env, pre, params)).usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'BUSD deposited matches the request at the pool ratio',
      weight: 10,
      verify: async ({ chain, env, pre, post, params }) =>
        compareAmount('BUSD deposited', pre.busd - post.busd, (await expected(chain, env, pre, params)).busd, {
          rel: 0.01,
          symbol: 'BUSD',
          decimals: await tokenDecimals(chain, env.BUSD),
        }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 10,
      verify: async ({ chain, txs, env, params }) => {
        const add = firstCall(txs, env.router, selectorsOf(ADD_LIQUIDITY));
        if (!add) return { pass: false, detail: 'no successful addLiquidity through the router' };
        const [tokenA, tokenB, , , minA, minB] = decodeFunctionData({ abi: ADD_LIQUIDITY, data: add.tx.data }).args;
        const minFor = minimumsByToken(tokenA, tokenB, minA, minB);
        const want = await wanted(chain, env, params);
        const floor = (amount: bigint) => withGrace(slippageFloor(amount, params.slippage));
        const [mu, mb] = [minFor(env.USDT), minFor(env.BUSD)];
        const pass = mu !== undefined && mb !== undefined && mu > 0n && mb > 0n && mu >= floor(want.usdt) && mb >= floor(want.busd);
        return {
          pass,
          detail: `USDT min ${mu ?? '-'} (floor ${floor(want.usdt)}), BUSD min ${mb ?? '-'} (floor ${floor(want.busd)})`,
        };
      },
    },
  ],
});
