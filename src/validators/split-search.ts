// One exact-input order split over the fee tiers of a PancakeSwap V3 pair against WBNB: the allocation
// that pays most (slice by slice, each to the pool whose next slice pays most, until the marginal prices
// meet), the SwapRouter multicall that carries a split, reading one back from calldata, and the validator
// the split tasks share: its checks, and the wallet's value with the optimum it is scaled against.
import {
  encodeFunctionData,
  erc20Abi,
  isAddressEqual,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { V3_FACTORY_ABI, V3_ROUTER_ABI } from '../chain/hard-abis.ts';
import type { ChainClients } from '../chain/rpc.ts';
import type { EnvMap, HardEnv } from '../tasks/address-map.ts';
import { compareAmount, fmt, gasCost } from './checks.ts';
import { defined } from './defined.ts';
import { slippageFloor, withGrace } from './dex.ts';
import { launchV3Pool } from './launch-v3.ts';
import { qualityGasUsd, v3MidPrice, walletUsd } from './quality.ts';
import { balanceOf } from './read.ts';
import type { Check, CheckContext, CheckResult, ObserveContext, SetupContext, ValidatorSpec } from './types.ts';
import { quoteExactInputSingle, routerCalls, V3_FEE_TIERS, deepestTier, type V3RouterCall } from './v3.ts';

/** One pool's share of a split order: its fee tier, the input it takes and what it pays for it. */
export interface SplitLeg {
  fee: number;
  amountIn: bigint;
  amountOut: bigint;
}

/** What a pool pays for an exact input (0 for none). */
export type TierQuote = (fee: number, amountIn: bigint) => Promise<bigint>;

/**
 * The order in `slices` equal parts (the last takes the remainder), each given to the pool whose output it
 * raises most. Outputs are concave in the input (price impact only grows), so this is the best split at
 * that resolution: it stops where the pools' marginal prices meet. One quote per slice, plus one per pool.
 */
export async function greedySplit(quote: TierQuote, fees: readonly number[], amount: bigint, slices: bigint): Promise<SplitLeg[]> {
  const slice = amount / slices;
  const pools = await Promise.all(fees.map(async (fee) => ({ fee, amountIn: 0n, amountOut: 0n, next: await quote(fee, slice) })));
  for (let i = 0n; i < slices; i++) {
    const size = i === slices - 1n ? amount - slice * (slices - 1n) : slice;
    const best = pools.reduce((b, p) => (p.next - p.amountOut > b.next - b.amountOut ? p : b));
    best.amountIn += size;
    best.amountOut = size === slice ? best.next : await quote(best.fee, best.amountIn);
    if (i < slices - 1n) best.next = await quote(best.fee, best.amountIn + slice);
  }
  return pools.filter((p) => p.amountIn > 0n).map(({ fee, amountIn, amountOut }) => ({ fee, amountIn, amountOut }));
}

/** The fee tiers that have a pool of the pair. */
export async function pairTiers(chain: PublicClient, factory: Address, a: Address, b: Address): Promise<number[]> {
  const pools = await Promise.all(
    V3_FEE_TIERS.map((fee) => chain.readContract({ address: factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] })),
  );
  return V3_FEE_TIERS.filter((_, i) => !isAddressEqual(pools[i] ?? zeroAddress, zeroAddress));
}

/** QuoterV2's exact-input quote per tier, at `blockNumber` when given. */
export const tierQuote =
  (chain: PublicClient, quoter: Address, tokenIn: Address, tokenOut: Address, blockNumber?: bigint): TierQuote =>
  (fee, amountIn) =>
    amountIn === 0n ? Promise.resolve(0n) : quoteExactInputSingle(chain, quoter, { tokenIn, tokenOut, fee, amountIn }, blockNumber);

/**
 * An order of a split task: `amount` of BNB for `token` (buy) or of `token` for BNB (sell). `bnb` says how
 * the BNB side moves: native (sent with the transaction, or unwrapped to the wallet) or as WBNB.
 */
export interface SplitOrder {
  token: Address;
  side: 'buy' | 'sell';
  bnb: 'native' | 'wrapped';
  amount: bigint;
  /** The owner's limit: every pool's minimum at most this many percent under its quote. */
  slippage: number;
}

const swapTokens = (order: SplitOrder, wbnb: Address) =>
  order.side === 'buy' ? { tokenIn: wbnb, tokenOut: order.token } : { tokenIn: order.token, tokenOut: wbnb };

/** The SwapRouter call that carries the legs: one exactInputSingle each (a multicall when more than one, or when BNB is unwrapped). */
export function splitCalldata(
  order: SplitOrder,
  env: { WBNB: Address; v3_swap_router: Address },
  agent: Address,
  legs: readonly SplitLeg[],
  deadline: bigint,
): Hex {
  const unwrap = order.side === 'sell' && order.bnb === 'native';
  const calls = legs.map((leg) =>
    encodeFunctionData({
      abi: V3_ROUTER_ABI,
      functionName: 'exactInputSingle',
      args: [
        {
          ...swapTokens(order, env.WBNB),
          fee: leg.fee,
          recipient: unwrap ? env.v3_swap_router : agent,
          deadline,
          amountIn: leg.amountIn,
          amountOutMinimum: slippageFloor(leg.amountOut, order.slippage),
          sqrtPriceLimitX96: 0n,
        },
      ],
    }),
  );
  if (unwrap) {
    const minimum = legs.reduce((s, l) => s + slippageFloor(l.amountOut, order.slippage), 0n);
    calls.push(encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'unwrapWETH9', args: [minimum, agent] }));
  }
  return calls.length === 1 ? calls[0]! : encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'multicall', args: [calls] });
}

type ExactInputSingle = Extract<V3RouterCall, { functionName: 'exactInputSingle' }>['args'][0];

/** A split as a transaction's calldata carries it: its swaps, and its unwrap when there is one. */
export interface SentSplit {
  swaps: ExactInputSingle[];
  unwrap?: { amountMinimum: bigint; recipient: Address };
}

/** The exactInputSingle swaps (and the one unwrapWETH9 after them) of a SwapRouter call, or what else it does. */
export function readSplit(data: Hex): SentSplit | { error: string } {
  const calls = routerCalls(data);
  if (!calls.length) return { error: 'not a SwapRouter call' };
  const split: SentSplit = { swaps: [] };
  for (const c of calls) {
    if (c.functionName === 'exactInputSingle') {
      if (split.unwrap) return { error: 'a swap after the unwrapWETH9' };
      split.swaps.push(c.args[0]);
    } else if (c.functionName === 'unwrapWETH9') {
      if (split.unwrap) return { error: 'two unwrapWETH9 calls' };
      split.unwrap = { amountMinimum: c.args[0], recipient: c.args[1] };
    } else if (c.functionName !== 'refundETH') return { error: `makes a ${c.functionName} call` };
  }
  return split;
}

/** The swaps' inputs and minimums summed per fee tier. */
export function perTier(swaps: readonly ExactInputSingle[]): Map<number, { amountIn: bigint; minimum: bigint }> {
  const tiers = new Map<number, { amountIn: bigint; minimum: bigint }>();
  for (const s of swaps) {
    const t = tiers.get(s.fee) ?? { amountIn: 0n, minimum: 0n };
    tiers.set(s.fee, { amountIn: t.amountIn + s.amountIn, minimum: t.minimum + s.amountOutMinimum });
  }
  return tiers;
}

/** One position of a launched token's pool: a tier, a range as multiples of the price, and its USD value. */
export interface TierPosition {
  fee: 100 | 500 | 2500 | 10000;
  usd: number;
  low: number;
  high: number;
}

/**
 * Opens a token's WBNB pools at `tiers`, all at `usdPerToken` (BNB at `bnbUsd`), each funded with half its
 * value in either token (a range not centred on the price takes less of one side). Harness-side setup.
 */
export async function launchV3Tiers(
  chain: ChainClients,
  env: EnvMap,
  token: Address,
  decimals: number,
  prices: { usdPerToken: number; bnbUsd: number },
  tiers: readonly TierPosition[],
): Promise<void> {
  for (const t of tiers) {
    const half = t.usd / 2;
    await launchV3Pool(chain, env, {
      token,
      fee: t.fee,
      tokenAmount: parseUnits((half / prices.usdPerToken).toFixed(decimals), decimals),
      bnbAmount: parseEther((half / prices.bnbUsd).toFixed(18)),
      low: t.low,
      high: t.high,
    });
  }
}

/** The wallet as a split task values it: BNB and WBNB, the order's token, and their USD prices at the pre-state. */
export interface SplitState {
  bnb: bigint;
  wbnb: bigint;
  token: bigint;
  decimals: number;
  bnbUsd: number;
  tokenUsd: number;
}

export interface SplitTask<P> {
  /** The instance's order. */
  order: (params: P, env: HardEnv) => SplitOrder;
  /** How the checks name the two sides, e.g. { sold: 'BNB', bought: 'FLOKI' }. */
  names: { sold: string; bought: string };
  /** Plants the instance (the wallet's balance and allowance, the token's pools). */
  setup?: (ctx: SetupContext<P, HardEnv>) => Promise<void>;
  /** The optimum's resolution: the order in this many slices. */
  slices?: bigint;
}

/** Far enough that the optimum's estimate never meets its deadline. */
const FAR_DEADLINE = 2n ** 40n;

const poolOf = (chain: PublicClient, env: HardEnv, a: Address, b: Address, fee: number) =>
  chain.readContract({ address: env.v3_factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] });

/** BNB and the token in USD at their deepest pools' mid prices (BNB in USDT, the token in WBNB). */
async function midPrices(chain: PublicClient, env: HardEnv, token: Address): Promise<{ bnbUsd: number; tokenUsd: number }> {
  const usdtPool = await poolOf(chain, env, env.WBNB, env.USDT, await deepestTier(chain, env.v3_factory, env.WBNB, env.USDT));
  const tokenPool = await poolOf(chain, env, env.WBNB, token, await deepestTier(chain, env.v3_factory, env.WBNB, token));
  const bnbUsd = await v3MidPrice(chain, usdtPool, env.WBNB);
  return { bnbUsd, tokenUsd: bnbUsd / (await v3MidPrice(chain, tokenPool, env.WBNB)) };
}

const valueOf = (s: SplitState, bnbSide: bigint, token: bigint) =>
  walletUsd([
    { amount: bnbSide, decimals: 18, usd: s.bnbUsd },
    { amount: token, decimals: s.decimals, usd: s.tokenUsd },
  ]);

/**
 * The validator of a split task: one SwapRouter transaction of exact-input swaps of the whole order, in
 * any tiers of the pair, each tier's minimum within the owner's slippage of its quote, the proceeds in the
 * wallet (as BNB when asked). Checks weigh 60; quality is the wallet's USD at the pre-state's mid prices,
 * scaled against the greedy split of the order over every tier the pair has, with its gas.
 */
export function splitOrderValidator<P>(task: SplitTask<P>): ValidatorSpec<P, SplitState, HardEnv> {
  type Ctx = CheckContext<P, SplitState, HardEnv>;
  const { sold, bought } = task.names;
  const slices = task.slices ?? 40n;
  const sentSplit = (ctx: Ctx) => readSplit(defined(ctx.tx, 'the sent transaction').data);
  const unwraps = (o: SplitOrder) => o.side === 'sell' && o.bnb === 'native';

  const shape: Check<P, SplitState, HardEnv> = {
    name: `the SwapRouter call is exactInputSingle swaps of ${sold} for ${bought} to the wallet, adding up to the whole order`,
    weight: 15,
    verify: (ctx): CheckResult => {
      const order = task.order(ctx.params, ctx.env);
      const tx = defined(ctx.tx, 'the sent transaction');
      const split = sentSplit(ctx);
      if ('error' in split) return { pass: false, detail: split.error };
      if (!split.swaps.length) return { pass: false, detail: 'no exactInputSingle swap' };
      const { tokenIn, tokenOut } = swapTokens(order, ctx.env.WBNB);
      const to = unwraps(order) ? ctx.env.v3_swap_router : ctx.agent;
      const wrong = split.swaps.find(
        (s) => !isAddressEqual(s.tokenIn, tokenIn) || !isAddressEqual(s.tokenOut, tokenOut) || !isAddressEqual(s.recipient, to),
      );
      if (wrong) return { pass: false, detail: `a swap of ${wrong.tokenIn} for ${wrong.tokenOut} to ${wrong.recipient}` };
      if (unwraps(order) !== !!split.unwrap) {
        return { pass: false, detail: split.unwrap ? 'an unwrapWETH9 the order does not ask for' : 'no unwrapWETH9 to the wallet' };
      }
      if (split.unwrap && !isAddressEqual(split.unwrap.recipient, ctx.agent))
        return { pass: false, detail: `the BNB unwrapped to ${split.unwrap.recipient}` };
      const total = split.swaps.reduce((s, x) => s + x.amountIn, 0n);
      const value = order.side === 'buy' && order.bnb === 'native' ? order.amount : 0n;
      return {
        pass: total === order.amount && tx.value === value,
        detail: `${split.swaps.length} swap(s) of ${total} in all (the order: ${order.amount}), ${tx.value} wei sent (${value} expected)`,
      };
    },
  };

  const paid: Check<P, SplitState, HardEnv> = {
    name: `exactly the order's ${sold} left the wallet (gas aside), and nothing else`,
    weight: 15,
    verify: (ctx) => {
      const order = task.order(ctx.params, ctx.env);
      const { pre, post } = ctx;
      const gas = gasCost(ctx);
      if (order.side === 'sell') {
        const other = order.bnb === 'wrapped' ? pre.bnb - post.bnb - gas : pre.wbnb - post.wbnb;
        if (other !== 0n) return { pass: false, detail: `${order.bnb === 'wrapped' ? 'BNB' : 'WBNB'} moved by ${-other} besides` };
        return compareAmount(`${sold} sold`, pre.token - post.token, order.amount, { decimals: pre.decimals, symbol: sold });
      }
      const [spent, other] =
        order.bnb === 'native' ? [pre.bnb - post.bnb - gas, pre.wbnb - post.wbnb] : [pre.wbnb - post.wbnb, pre.bnb - post.bnb - gas];
      if (other !== 0n) return { pass: false, detail: `${order.bnb === 'native' ? 'WBNB' : 'BNB'} moved by ${-other} besides` };
      return compareAmount(`${sold} spent`, spent, order.amount, { symbol: sold });
    },
  };

  const minimums: Check<P, SplitState, HardEnv> = {
    name: "every tier's minimum is within the owner's slippage of the quote for what it swaps there",
    weight: 15,
    verify: async (ctx) => {
      const order = task.order(ctx.params, ctx.env);
      const split = sentSplit(ctx);
      if ('error' in split || !split.swaps.length) return { pass: false, detail: 'error' in split ? split.error : 'no swaps' };
      const { tokenIn, tokenOut } = swapTokens(order, ctx.env.WBNB);
      const before = defined(ctx.receipt, 'the receipt').blockNumber - 1n;
      const quote = tierQuote(ctx.chain, ctx.env.v3_quoter, tokenIn, tokenOut, before);
      const lines: string[] = [];
      let pass = true;
      for (const [fee, t] of perTier(split.swaps)) {
        const q = await quote(fee, t.amountIn).catch(() => 0n);
        const floor = slippageFloor(q, order.slippage);
        const ok = q > 0n && t.minimum >= withGrace(floor) && t.minimum <= q;
        pass &&= ok;
        lines.push(`tier ${fee}: minimum ${t.minimum}, quote ${q}, ${order.slippage}% under it ${floor}${ok ? '' : ' ✗'}`);
      }
      return { pass, detail: lines.join('; ') };
    },
  };

  const proceeds: Check<P, SplitState, HardEnv> = {
    name: `the ${bought} arrived in the wallet, at least the swaps' minimums`,
    weight: 15,
    verify: (ctx) => {
      const order = task.order(ctx.params, ctx.env);
      const split = sentSplit(ctx);
      const minimum = 'error' in split ? 0n : split.swaps.reduce((s, x) => s + x.amountOutMinimum, 0n);
      const { pre, post } = ctx;
      let got: bigint;
      if (order.side === 'buy') got = post.token - pre.token;
      else if (order.bnb === 'wrapped') got = post.wbnb - pre.wbnb;
      else {
        if (post.wbnb !== pre.wbnb) return { pass: false, detail: `WBNB ${fmt(pre.wbnb)} → ${fmt(post.wbnb)}: not unwrapped to BNB` };
        got = post.bnb - pre.bnb + gasCost(ctx);
      }
      const decimals = order.side === 'buy' ? pre.decimals : 18;
      return {
        pass: got > 0n && got >= minimum,
        detail: `received ${fmt(got, decimals, bought)}, the minimums ${fmt(minimum, decimals, bought)}`,
      };
    },
  };

  return {
    kind: 'transaction',
    target: ({ env }) => env.v3_swap_router,
    ...(task.setup ? { setup: task.setup } : {}),
    observe: async ({ chain, params, env, agent }: ObserveContext<P, HardEnv>): Promise<SplitState> => {
      const { token } = task.order(params, env);
      const [bnb, wbnb, held, decimals, prices] = await Promise.all([
        chain.getBalance({ address: agent }),
        balanceOf(chain, env.WBNB, agent),
        balanceOf(chain, token, agent),
        chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
        midPrices(chain, env, token),
      ]);
      return { bnb, wbnb, token: held, decimals, ...prices };
    },
    checks: [shape, paid, minimums, proceeds],
    quality: {
      value: ({ pre, post }) => valueOf(pre, post.bnb + post.wbnb, post.token),
      // The greedy split over every tier of the pair, sent as one SwapRouter call: what it pays, less its gas.
      optimum: async ({ chain, params, env, agent, pre }) => {
        const order = task.order(params, env);
        const { tokenIn, tokenOut } = swapTokens(order, env.WBNB);
        const fees = await pairTiers(chain, env.v3_factory, tokenIn, tokenOut);
        const legs = await greedySplit(tierQuote(chain, env.v3_quoter, tokenIn, tokenOut), fees, order.amount, slices);
        const data = splitCalldata(order, env, agent, legs, FAR_DEADLINE);
        const value = order.side === 'buy' && order.bnb === 'native' ? order.amount : 0n;
        const gas = await chain.estimateGas({ account: agent, to: env.v3_swap_router, data, value });
        const out = legs.reduce((s, l) => s + l.amountOut, 0n);
        const bnbSide = pre.bnb + pre.wbnb + (order.side === 'buy' ? -order.amount : out);
        const token = pre.token + (order.side === 'buy' ? out : -order.amount);
        return valueOf(pre, bnbSide, token) - (await qualityGasUsd(chain, gas, pre.bnbUsd));
      },
    },
  };
}
