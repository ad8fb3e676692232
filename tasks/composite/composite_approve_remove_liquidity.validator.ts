import { decodeAbiParameters, decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, type Address, type Hex } from 'viem';
import { allowanceOf, balanceOf, compareAmount, defineValidator, selectorOf, sendAs, type CheckContext } from 'evm-questbench/validators';

type Params = { percent: number; slippage: number };
type State = { lp: bigint; usdt: bigint; busd: bigint; allowance: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };

const ROUTER = parseAbi([
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
]);
const REMOVE = selectorOf('removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)');

/** LP to burn (the requested share of the wallet's LP) and what the pair pays out for it at the pre-state. */
function expected(pre: State, p: Params) {
  const lp = (pre.lp * BigInt(p.percent)) / 100n;
  return { lp, usdt: (lp * pre.poolUsdt) / pre.supply, busd: (lp * pre.poolBusd) / pre.supply };
}

function removeTx({ txs, env }: CheckContext<Params, State>) {
  return (txs ?? []).find((t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, env.router!) && t.tx.data.slice(0, 10).toLowerCase() === REMOVE);
}

const APPROVALS: Hex[] = [selectorOf('approve(address,uint256)'), selectorOf('increaseAllowance(address,uint256)')];
/** Whether the episode raised `spender`'s allowance on `token` with a successful approve or increaseAllowance. */
function approvalSent(txs: CheckContext<Params, State>['txs'], token: Address, spender: Address): boolean {
  return (txs ?? []).some((t) => {
    if (t.receipt.status !== 'success' || !isAddressEqual(t.tx.to, token) || !APPROVALS.includes(t.tx.data.slice(0, 10).toLowerCase() as Hex)) return false;
    try {
      return isAddressEqual(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], `0x${t.tx.data.slice(10)}`)[0], spender);
    } catch {
      return false;
    }
  });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing LP allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.pair_USDT_BUSD!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_USDT_BUSD!;
    return {
      lp: await balanceOf(chain, pair, agent),
      usdt: await balanceOf(chain, env.USDT!, agent),
      busd: await balanceOf(chain, env.BUSD!, agent),
      allowance: await allowanceOf(chain, pair, agent, env.router!),
      // The pair pays out pro rata to its token balances.
      poolUsdt: await balanceOf(chain, env.USDT!, pair),
      poolBusd: await balanceOf(chain, env.BUSD!, pair),
      supply: await chain.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
    };
  },
  checks: [
    {
      name: 'burned the requested share of the wallet LP',
      weight: 25,
      // 0.1 % absorbs rounding of the percentage, far below any wrong share.
      verify: ({ pre, post, params }) => compareAmount('LP removed', pre.lp - post.lp, expected(pre, params).lp, { rel: 0.001, symbol: 'LP' }),
    },
    {
      name: 'USDT returned to the wallet matches the share',
      weight: 20,
      verify: ({ pre, post, params }) => compareAmount('USDT received', post.usdt - pre.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'BUSD returned to the wallet matches the share',
      weight: 20,
      verify: ({ pre, post, params }) => compareAmount('BUSD received', post.busd - pre.busd, expected(pre, params).busd, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      // Approved exactly the LP that was removed: nothing is left over once the router pulled it.
      name: 'router was approved for exactly the LP removed and the removal used it',
      weight: 15,
      verify: ({ pre, post, txs, env }) => {
        if (!approvalSent(txs, env.pair_USDT_BUSD!, env.router!)) return { pass: false, detail: 'no successful approve of the router on the LP token' };
        const spent = pre.lp - post.lp;
        if (spent <= 0n) return { pass: false, detail: 'no LP left the wallet' };
        return compareAmount('LP allowance left', post.allowance, 0n, { symbol: 'LP' });
      },
    },
    {
      name: 'minimum outputs enforce the slippage limit',
      weight: 20,
      verify: (ctx) => {
        const tx = removeTx(ctx);
        if (!tx) return { pass: false, detail: 'no successful removeLiquidity through the router' };
        const [tokenA, tokenB, , minA, minB] = decodeFunctionData({ abi: ROUTER, data: tx.tx.data }).args;
        const minFor = (token: Address) => (isAddressEqual(tokenA, token) ? minA : isAddressEqual(tokenB, token) ? minB : undefined);
        const exp = expected(ctx.pre, ctx.params);
        const floor = (x: bigint) => {
          const f = (x * BigInt(100 - ctx.params.slippage)) / 100n;
          return f - f / 200n; // 0.5 % rounding grace
        };
        const [mu, mb] = [minFor(ctx.env.USDT!), minFor(ctx.env.BUSD!)];
        const pass = mu !== undefined && mb !== undefined && mu > 0n && mb > 0n && mu >= floor(exp.usdt) && mb >= floor(exp.busd);
        return { pass, detail: `USDT min ${mu ?? '-'} (floor ${floor(exp.usdt)}), BUSD min ${mb ?? '-'} (floor ${floor(exp.busd)})` };
      },
    },
  ],
});
