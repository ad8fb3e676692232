// The amounts are drawn from a range narrow enough (ratio ≤ 1.6) that the router's pro-rata deposit
// always stays above the 50 % minimums in the ~1:1 pool; the published range could make it revert.
import { decodeAbiParameters, decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { allowanceOf, balanceOf, compareAmount, defineValidator, selectorOf, sendAs, type CheckContext } from 'evm-questbench/validators';

type Params = { amount_usdt: string; amount_busd: string; slippage: number };
type State = { usdt: bigint; busd: bigint; lp: bigint; allowUsdt: bigint; allowBusd: bigint; rUsdt: bigint; rBusd: bigint; supply: bigint };

const PAIR = parseAbi(['function token0() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)', 'function totalSupply() view returns (uint256)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
]);
const ADD = selectorOf('addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)');
const approve = (spender: Address) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] });

/** The router's deposit for the desired amounts at the pre-state reserves, and the LP it mints. */
function expected(pre: State, p: Params) {
  const wantUsdt = parseUnits(p.amount_usdt, 18);
  const wantBusd = parseUnits(p.amount_busd, 18);
  const busdOptimal = (wantUsdt * pre.rBusd) / pre.rUsdt;
  const [usdt, busd] = busdOptimal <= wantBusd ? [wantUsdt, busdOptimal] : [(wantBusd * pre.rUsdt) / pre.rBusd, wantBusd];
  const a = (usdt * pre.supply) / pre.rUsdt;
  const b = (busd * pre.supply) / pre.rBusd;
  return { usdt, busd, lp: a < b ? a : b };
}

function addTx({ txs, env }: CheckContext<Params, State>) {
  return (txs ?? []).find((t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, env.router!) && t.tx.data.slice(0, 10).toLowerCase() === ADD);
}

/** Left-over allowance plus what the router pulled = what was granted. */
function granted(symbol: string, approved: boolean, spent: bigint, left: bigint, requested: string) {
  if (!approved) return { pass: false, detail: `no successful approve of the router on ${symbol}` };
  if (spent <= 0n) return { pass: false, detail: `no ${symbol} left the wallet` };
  return compareAmount(`${symbol} allowance granted`, left + spent, parseUnits(requested, 18), { symbol });
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
  // Without the standing router allowances both approvals are really needed.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.USDT!, approve(env.router!));
    await sendAs(chain, agent, env.BUSD!, approve(env.router!));
  },
  observe: async ({ chain, env, agent }) => {
    const pair = env.pair_USDT_BUSD!;
    const [token0, [r0, r1], supply] = await Promise.all([
      chain.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
      chain.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
      chain.readContract({ address: pair, abi: PAIR, functionName: 'totalSupply' }),
    ]);
    const usdtFirst = isAddressEqual(token0, env.USDT!);
    return {
      usdt: await balanceOf(chain, env.USDT!, agent),
      busd: await balanceOf(chain, env.BUSD!, agent),
      lp: await balanceOf(chain, pair, agent),
      allowUsdt: await allowanceOf(chain, env.USDT!, agent, env.router!),
      allowBusd: await allowanceOf(chain, env.BUSD!, agent, env.router!),
      rUsdt: usdtFirst ? r0 : r1,
      rBusd: usdtFirst ? r1 : r0,
      supply,
    };
  },
  checks: [
    {
      name: 'router was approved for exactly the requested USDT and the deposit used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) => granted('USDT', approvalSent(txs, env.USDT!, env.router!), pre.usdt - post.usdt, post.allowUsdt, params.amount_usdt),
    },
    {
      name: 'router was approved for exactly the requested BUSD and the deposit used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) => granted('BUSD', approvalSent(txs, env.BUSD!, env.router!), pre.busd - post.busd, post.allowBusd, params.amount_busd),
    },
    {
      name: 'agent received the USDT/BUSD LP tokens the deposit is worth',
      weight: 40,
      verify: ({ pre, post, params }) => compareAmount('LP received', post.lp - pre.lp, expected(pre, params).lp, { rel: 0.01, symbol: 'LP' }),
    },
    {
      name: 'USDT deposited matches the request at the pool ratio',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('USDT deposited', pre.usdt - post.usdt, expected(pre, params).usdt, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'BUSD deposited matches the request at the pool ratio',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('BUSD deposited', pre.busd - post.busd, expected(pre, params).busd, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'minimum amounts enforce the slippage limit',
      weight: 10,
      verify: (ctx) => {
        const add = addTx(ctx);
        if (!add) return { pass: false, detail: 'no successful addLiquidity through the router' };
        const [tokenA, tokenB, , , minA, minB] = decodeFunctionData({ abi: ROUTER, data: add.tx.data }).args;
        const minFor = (token: Address) => (isAddressEqual(tokenA, token) ? minA : isAddressEqual(tokenB, token) ? minB : undefined);
        const floor = (amount: string) => {
          const f = (parseUnits(amount, 18) * BigInt(100 - ctx.params.slippage)) / 100n;
          return f - f / 200n; // 0.5 % rounding grace
        };
        const [mu, mb] = [minFor(ctx.env.USDT!), minFor(ctx.env.BUSD!)];
        const pass = mu !== undefined && mb !== undefined && mu > 0n && mb > 0n && mu >= floor(ctx.params.amount_usdt) && mb >= floor(ctx.params.amount_busd);
        return { pass, detail: `USDT min ${mu ?? '-'} (floor ${floor(ctx.params.amount_usdt)}), BUSD min ${mb ?? '-'} (floor ${floor(ctx.params.amount_busd)})` };
      },
    },
  ],
});
