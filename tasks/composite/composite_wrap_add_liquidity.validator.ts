import { decodeFunctionData, encodeFunctionData, erc20Abi, parseAbi, parseEther } from 'viem';
import { balanceOf, compareAmount, defineValidator, sameAddress, selectorOf, sendAs } from 'evm-questbench/validators';

type Params = { amount_bnb: string; slippage: number };
type State = { wbnb: bigint; usdt: bigint; lp: bigint; poolWbnb: bigint; poolUsdt: bigint; supply: bigint };

const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);
const APPROVALS = parseAbi(['function approve(address spender, uint256 amount) returns (bool)', 'function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);

/** Depositing the wrapped amount at the pre-state ratio: the USDT it pairs with and the LP it mints. */
function expected(pre: State, p: Params) {
  const wbnb = parseEther(p.amount_bnb);
  return { wbnb, usdt: (wbnb * pre.poolUsdt) / pre.poolWbnb, lp: (wbnb * pre.supply) / pre.poolWbnb };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing WBNB allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.WBNB!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_WBNB_USDT!;
    return {
      wbnb: await balanceOf(chain, env.WBNB!, agent),
      usdt: await balanceOf(chain, env.USDT!, agent),
      lp: await balanceOf(chain, pair, agent),
      poolWbnb: await balanceOf(chain, env.WBNB!, pair),
      poolUsdt: await balanceOf(chain, env.USDT!, pair),
      supply: await chain.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
    };
  },
  checks: [
    {
      name: 'wrapped exactly the requested BNB',
      weight: 20,
      verify: ({ txs, env, params }) => {
        const wraps = (txs ?? []).filter((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, env.WBNB!) && t.tx.data.startsWith(selectorOf('deposit()')));
        if (!wraps.length) return { pass: false, detail: 'no successful WBNB.deposit()' };
        return compareAmount('wrapped', wraps.reduce((s, t) => s + t.tx.value, 0n), parseEther(params.amount_bnb), { symbol: 'BNB' });
      },
    },
    {
      name: 'approved the router for the WBNB before adding liquidity',
      weight: 20,
      verify: ({ txs, env, pre, params }) => {
        const list = txs ?? [];
        const lastAdd = list.findLastIndex((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, env.router!));
        if (lastAdd < 0) return { pass: false, detail: 'no successful router call' };
        const granted = list.slice(0, lastAdd).flatMap((t) => {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.WBNB!)) return [];
          try {
            const { args } = decodeFunctionData({ abi: APPROVALS, data: t.tx.data });
            return sameAddress(args[0], env.router!) ? [args[1]] : [];
          } catch {
            return [];
          }
        });
        const total = granted.reduce((s, a) => s + a, 0n);
        const need = expected(pre, params).wbnb;
        // The router may take up to 1 % less WBNB when the USDT side binds.
        return { pass: granted.length > 0 && total >= need - need / 100n, detail: `approved ${total} WBNB, deposit needs ${need}` };
      },
    },
    {
      name: 'received the LP tokens the deposit is worth',
      weight: 35,
      verify: ({ pre, post, params }) => compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'deposited the wrapped WBNB with the matching USDT',
      weight: 15,
      verify: ({ pre, post, params }) => {
        const e = expected(pre, params);
        const usdt = compareAmount('USDT deposited', pre.usdt - post.usdt, e.usdt, { rel: 0.01, symbol: 'USDT' });
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
        const floor = (x: bigint) => {
          const f = (x * BigInt(100 - params.slippage)) / 100n;
          return f - f / 200n; // 0.5 % grace for a percentage rounded differently
        };
        for (const t of txs ?? []) {
          if (t.receipt.status !== 'success' || !sameAddress(t.tx.to, env.router!)) continue;
          try {
            const [tokenA, , , , minA, minB] = decodeFunctionData({ abi: ROUTER, data: t.tx.data }).args;
            const [minW, minU] = sameAddress(tokenA, env.WBNB!) ? [minA, minB] : [minB, minA];
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
