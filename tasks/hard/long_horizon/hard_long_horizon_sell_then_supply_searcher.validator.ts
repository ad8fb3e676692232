import { decodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEventLogs, parseUnits, type Address, type Hex } from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  frontRunV2,
  selectorsOf,
  setTokenBalance,
  slippageFloor,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_sell_then_supply_searcher'>;
type State = { cake: bigint; usdt: bigint; vusdt: bigint; cakeAllowance: bigint; usdtAllowance: bigint; price: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const SALES = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const SALE_SELECTORS = selectorsOf(SALES);
const ORACLE = parseAbi(['function getUnderlyingPrice(address vToken) view returns (uint256)']);
const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);
/** Where the searcher notes that it has moved a pair in this instance (a storage slot the chain reverts with the instance). */
const MARK: Address = '0x5eac7100000000000000000000000000000000a3';
const E18 = 10n ** 18n;

const amount = (p: Params) => parseUnits(p.amount, 18);
/** The owner's limit: the CAKE at the oracle's price (USD × 1e18 per whole CAKE; USDT has 18 decimals), less the tolerance. */
const floorOf = (ctx: Pick<Ctx, 'params' | 'pre'>) => slippageFloor((amount(ctx.params) * ctx.pre.price) / E18, ctx.params.slippage);
const isSale = (tx: { to: Address; data: Hex }, router: Address) =>
  isAddressEqual(tx.to, router) && SALE_SELECTORS.includes(tx.data.slice(0, 10).toLowerCase() as Hex);

/** Every token sale the episode sent through the router, decoded, with whether it is the requested one. */
function sales({ txs, params, env, agent }: Ctx) {
  return (txs ?? []).flatMap(({ tx, receipt }, index) => {
    if (!isSale(tx, env.router)) return [];
    try {
      const [amountIn, min, path, to] = decodeFunctionData({ abi: SALES, data: tx.data }).args as unknown as [
        bigint,
        bigint,
        readonly Address[],
        Address,
      ];
      const requested =
        amountIn === amount(params) &&
        path.length >= 2 &&
        isAddressEqual(defined(path[0], 'the path'), env.CAKE) &&
        isAddressEqual(defined(path.at(-1), 'the path'), env.USDT) &&
        isAddressEqual(to, agent);
      return [{ index, min, requested, success: receipt.status === 'success', receipt }];
    } catch {
      return [];
    }
  });
}

/** USDT moved by `from` → `to` in the episode's successful transactions, summed from the token's Transfer logs. */
function usdtMoved({ txs, env }: Ctx, from: Address, to: Address, only?: (index: number) => boolean): bigint {
  return (txs ?? []).reduce((sum, t, index) => {
    if (t.receipt.status !== 'success' || (only && !only(index))) return sum;
    const logs = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: t.receipt.logs }).filter(
      (l) => isAddressEqual(l.address, env.USDT) && isAddressEqual(l.args.from, from) && isAddressEqual(l.args.to, to),
    );
    return sum + logs.reduce((s, l) => s + l.args.value, 0n);
  }, 0n);
}

/** The USDT the sale paid the wallet. */
function proceeds(ctx: Ctx): bigint {
  const paid = sales(ctx)
    .filter((s) => s.requested && s.success)
    .map((s) => s.index);
  return (ctx.txs ?? []).reduce((sum, t, index) => {
    if (!paid.includes(index)) return sum;
    const logs = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: t.receipt.logs }).filter(
      (l) => isAddressEqual(l.address, ctx.env.USDT) && isAddressEqual(l.args.to, ctx.agent),
    );
    return sum + logs.reduce((s, l) => s + l.args.value, 0n);
  }, 0n);
}

function limitsHeld(ctx: Ctx): CheckResult {
  const all = sales(ctx);
  if (!all.some((s) => s.requested))
    return { pass: false, detail: 'no sale of exactly the CAKE for USDT through the router to the wallet' };
  const floor = floorOf(ctx);
  return {
    pass: all.every((s) => s.min >= withGrace(floor)),
    detail: `amountOutMin ${all.map((s) => s.min).join(', ')}; the owner's limit is ${floor} (oracle price ${ctx.pre.price})`,
  };
}

// The searcher watches the wallet's sales on the router. The first one it sees it front-runs in the first
// pair of the sale's path, selling CAKE with 15 % of that pair's CAKE reserve (a sale at the owner's floor
// then reverts), and keeps its position there, waiting for a retry re-quoted from the moved pair. The
// other path (CAKE/WBNB then WBNB/USDT, or the direct pair if the first try went through WBNB) and the
// Venus oracle stay where they were: the same floor fills there, and the supply is what that sale paid.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, params, env, agent }) => {
    await setTokenBalance(chain, env.CAKE, agent, amount(params) + parseUnits('41.3', 18));
    await approveAs(chain, agent, env.CAKE, env.router, 0n);
    await approveAs(chain, agent, env.USDT, env.vUSDT, 0n);
  },
  observe: async ({ chain, env, agent }) => ({
    cake: await balanceOf(chain, env.CAKE, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    vusdt: await balanceOf(chain, env.vUSDT, agent),
    cakeAllowance: await allowanceOf(chain, env.CAKE, agent, env.router),
    usdtAllowance: await allowanceOf(chain, env.USDT, agent, env.vUSDT),
    price: await chain.readContract({ address: env.venus_oracle, abi: ORACLE, functionName: 'getUnderlyingPrice', args: [env.vCAKE] }),
  }),
  beforeSend: async ({ chain, env, tx }) => {
    if (!isSale(tx, env.router)) return;
    const mark = await chain.public.getStorageAt({ address: MARK, slot: '0x0' });
    if (mark && BigInt(mark) !== 0n) return;
    let path: readonly Address[];
    try {
      path = (decodeFunctionData({ abi: SALES, data: tx.data }).args as unknown as [bigint, bigint, readonly Address[]])[2];
    } catch {
      return;
    }
    const [sell, buy] = path;
    if (!sell || !buy || !isAddressEqual(sell, env.CAKE)) return;
    const pair = await chain.public.readContract({
      address: env.factory,
      abi: FACTORY,
      functionName: 'getPair',
      args: [sell, buy],
    });
    if (/^0x0+$/.test(pair)) return;
    await frontRunV2(chain, { router: env.router, pair, sell, buy, wbnb: env.WBNB, shareBps: 1500n });
    await chain.test.setStorageAt({ address: MARK, index: '0x0', value: `0x${'1'.padStart(64, '0')}` });
  },
  checks: [
    {
      name: 'no allowance is left over: the router holds no CAKE allowance and vUSDT no USDT allowance at the end',
      weight: 10,
      verify: ({ post }) => ({
        pass: post.cakeAllowance === 0n && post.usdtAllowance === 0n,
        detail: `router CAKE allowance ${post.cakeAllowance}, vUSDT USDT allowance ${post.usdtAllowance}`,
      }),
    },
    { name: "every sale the wallet sent carried a minimum at or above the owner's limit", weight: 20, verify: limitsHeld },
    {
      name: "exactly the CAKE was sold, for at least the owner's limit in USDT",
      weight: 35,
      verify: (ctx) => {
        const { pre, post } = ctx;
        if (pre.cake - post.cake !== amount(ctx.params))
          return { pass: false, detail: `the wallet's CAKE fell by ${pre.cake - post.cake}, not ${amount(ctx.params)}` };
        const floor = floorOf(ctx);
        const got = proceeds(ctx);
        return compareAmount('USDT the sale paid (at least the limit)', got >= floor ? floor : got, floor, { symbol: 'USDT' });
      },
    },
    {
      name: 'exactly the USDT the sale paid was supplied to Venus (vUSDT minted for it)',
      weight: 35,
      verify: (ctx) => {
        const { pre, post, env, agent } = ctx;
        const paid = proceeds(ctx);
        if (paid === 0n) return { pass: false, detail: 'the sale paid nothing' };
        const supplied = usdtMoved(ctx, agent, env.vUSDT);
        if (post.vusdt <= pre.vusdt) return { pass: false, detail: 'no vUSDT was minted' };
        return compareAmount('USDT supplied to vUSDT', supplied, paid, { symbol: 'USDT' });
      },
    },
  ],
});
