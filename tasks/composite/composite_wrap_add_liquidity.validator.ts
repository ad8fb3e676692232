import { decodeFunctionData, parseEther } from 'viem';
import {
  ADD_LIQUIDITY,
  approvalsBefore,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  lastCallTo,
  sameAddress,
  selectorOf,
  slippageFloor,
  successful,
  tokenDecimals,
  totalSupplyOf,
  withGrace,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_wrap_add_liquidity'>;
type State = { wbnb: bigint; usdt: bigint; lp: bigint; poolWbnb: bigint; poolUsdt: bigint; supply: bigint };

/** Depositing the wrapped amount at the pre-state ratio: the USDT it pairs with and the LP it mints. */
function expected(pre: State, p: Params) {
  const wbnb = parseEther(p.amount_bnb);
  return { wbnb, usdt: (wbnb * pre.poolUsdt) / pre.poolWbnb, lp: (wbnb * pre.supply) / pre.poolWbnb };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing WBNB allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.WBNB, env.router, 0n);
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_WBNB_USDT;
    return {
      wbnb: await balanceOf(chain, env.WBNB, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      lp: await balanceOf(chain, pair, agent),
      poolWbnb: await balanceOf(chain, env.WBNB, pair),
      poolUsdt: await balanceOf(chain, env.USDT, pair),
      supply: await totalSupplyOf(chain, pair),
    };
  },
  checks: [
    {
      name: 'wrapped exactly the requested BNB',
      weight: 20,
      verify: ({ txs, env, params }) => {
        const wraps = successful(txs).filter((t) => sameAddress(t.tx.to, env.WBNB) && t.tx.data.startsWith(selectorOf('deposit()')));
        if (!wraps.length) return { pass: false, detail: 'no successful WBNB.deposit()' };
        return compareAmount(
          'wrapped',
          wraps.reduce((s, t) => s + t.tx.value, 0n),
          parseEther(params.amount_bnb),
          { symbol: 'BNB' },
        );
      },
    },
    {
      name: 'approved the router for the WBNB before adding liquidity',
      weight: 20,
      verify: ({ txs, env, pre, params }) => {
        const lastAdd = lastCallTo(txs, env.router);
        if (lastAdd < 0) return { pass: false, detail: 'no successful router call' };
        const granted = approvalsBefore(txs, env.WBNB, env.router, lastAdd);
        const total = granted.reduce((s, a) => s + a, 0n);
        const need = expected(pre, params).wbnb;
        // The router may take up to 1 % less WBNB when the USDT side binds.
        return { pass: granted.length > 0 && total >= need - need / 100n, detail: `approved ${total} WBNB, deposit needs ${need}` };
      },
    },
    {
      name: 'received the LP tokens the deposit is worth',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'deposited the wrapped WBNB with the matching USDT',
      weight: 15,
      verify: async ({ chain, env, pre, post, params }) => {
        const e = expected(pre, params);
        const usdt = compareAmount('USDT deposited', pre.usdt - post.usdt, e.usdt, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        });
        // Wrapped then deposited: the WBNB holding ends where it started (within the 1 % the ratio may leave).
        const wbnb = compareAmount('WBNB holding change', post.wbnb - pre.wbnb, 0n, { abs: e.wbnb / 100n, symbol: 'WBNB' });
        return { pass: usdt.pass && wbnb.pass, detail: `${usdt.detail}; ${wbnb.detail}` };
      },
    },
    {
      name: 'minimum amounts within the slippage limit',
      weight: 10,
      verify: ({ txs, env, pre, params }) => {
        const e = expected(pre, params);
        const floor = (x: bigint) => withGrace(slippageFloor(x, params.slippage));
        for (const t of successful(txs)) {
          if (!sameAddress(t.tx.to, env.router)) continue;
          try {
            const [tokenA, , , , minA, minB] = decodeFunctionData({ abi: ADD_LIQUIDITY, data: t.tx.data }).args;
            const [minW, minU] = sameAddress(tokenA, env.WBNB) ? [minA, minB] : [minB, minA];
            const pass = minW > 0n && minU > 0n && minW >= floor(e.wbnb) && minU >= floor(e.usdt);
            return { pass, detail: `WBNB min ${minW} (floor ${floor(e.wbnb)}), USDT min ${minU} (floor ${floor(e.usdt)})` };
          } catch {
            // not addLiquidity
          }
        }
        return { pass: false, detail: 'no successful addLiquidity through the router' };
      },
    },
  ],
});
