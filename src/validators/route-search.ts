// One exact-output purchase on PancakeSwap V3 routed the cheapest way: the candidate routes (every pool of
// the pair, every two-hop path through a base token at every pair of tiers), what each charges, the call
// that carries one, reading one back from calldata, and the validator the route tasks share: its checks,
// and the wallet's value with the optimum it is scaled against.
import { erc20Abi, encodeFunctionData, isAddressEqual, type Address, type Hex, type PublicClient } from 'viem';
import { V3_FACTORY_ABI, V3_QUOTER_ABI, V3_ROUTER_ABI } from '../chain/hard-abis.ts';
import { setTokenBalance } from '../chain/token-balance.ts';
import type { HardEnv } from '../tasks/address-map.ts';
import { fmt, gasCost } from './checks.ts';
import { defined } from './defined.ts';
import { approveAs, wrapAs } from './plant.ts';
import { qualityGasUsd, v3MidPrice, walletUsd } from './quality.ts';
import { balanceOf } from './read.ts';
import { pairTiers } from './split-search.ts';
import type { Check, CheckContext, CheckResult, ObserveContext, SetupContext, ValidatorSpec } from './types.ts';
import { decodeV3Path, deepestTier, encodeV3Path, routerCalls } from './v3.ts';

/** A V3 route from the token paid to the token bought: its tokens in that order and one fee tier per hop. */
export interface Route {
  tokens: Address[];
  fees: number[];
}

/** A buy of exactly `amountOut` of `tokenOut`, paid in `tokenIn`, the maximum at most `slippage` % over the route's quote. */
export interface RouteOrder {
  tokenIn: Address;
  tokenOut: Address;
  amountOut: bigint;
  slippage: number;
}

export const describeRoute = (r: Route, symbol: (a: Address) => string = (a) => a): string =>
  r.tokens.map(symbol).reduce((s, t, i) => (i === 0 ? t : `${s} →(${r.fees[i - 1]}) ${t}`), '');

/** Every direct pool of the pair and every two-hop path through one of `via` (the pools that exist, at every tier). */
export async function candidateRoutes(
  chain: PublicClient,
  factory: Address,
  tokenIn: Address,
  tokenOut: Address,
  via: readonly Address[],
): Promise<Route[]> {
  const routes: Route[] = (await pairTiers(chain, factory, tokenIn, tokenOut)).map((fee) => ({ tokens: [tokenIn, tokenOut], fees: [fee] }));
  for (const mid of via) {
    if (isAddressEqual(mid, tokenIn) || isAddressEqual(mid, tokenOut)) continue;
    const [first, second] = await Promise.all([pairTiers(chain, factory, tokenIn, mid), pairTiers(chain, factory, mid, tokenOut)]);
    for (const a of first) for (const b of second) routes.push({ tokens: [tokenIn, mid, tokenOut], fees: [a, b] });
  }
  return routes;
}

/** QuoterV2's input for exactly `amountOut` along the route (exactOutput takes the path reversed), at `blockNumber` when given. */
export async function quoteRoute(
  chain: PublicClient,
  quoter: Address,
  route: Route,
  amountOut: bigint,
  blockNumber?: bigint,
): Promise<bigint> {
  const at = blockNumber === undefined ? {} : { blockNumber };
  if (route.fees.length === 1) {
    const { result } = await chain.simulateContract({
      address: quoter,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactOutputSingle',
      args: [{ tokenIn: route.tokens[0]!, tokenOut: route.tokens[1]!, amount: amountOut, fee: route.fees[0]!, sqrtPriceLimitX96: 0n }],
      ...at,
    });
    return result[0];
  }
  const path = encodeV3Path([...route.tokens].reverse(), [...route.fees].reverse());
  const { result } = await chain.simulateContract({
    address: quoter,
    abi: V3_QUOTER_ABI,
    functionName: 'quoteExactOutput',
    args: [path, amountOut],
    ...at,
  });
  return result[0];
}

/** `quote` plus at most `slippage` percent, rounded down: the most the owner lets a swap charge. */
export const slippageCeiling = (quote: bigint, slippage: number): bigint => (quote * BigInt(100 + slippage)) / 100n;

/** The SwapRouter call that buys exactly `amountOut` along the route: exactOutputSingle for one hop, exactOutput for more. */
export function routeCalldata(route: Route, amountOut: bigint, recipient: Address, amountInMaximum: bigint, deadline: bigint): Hex {
  if (route.fees.length === 1) {
    return encodeFunctionData({
      abi: V3_ROUTER_ABI,
      functionName: 'exactOutputSingle',
      args: [
        {
          tokenIn: route.tokens[0]!,
          tokenOut: route.tokens[1]!,
          fee: route.fees[0]!,
          recipient,
          deadline,
          amountOut,
          amountInMaximum,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
  }
  const path = encodeV3Path([...route.tokens].reverse(), [...route.fees].reverse());
  return encodeFunctionData({
    abi: V3_ROUTER_ABI,
    functionName: 'exactOutput',
    args: [{ path, recipient, deadline, amountOut, amountInMaximum }],
  });
}

/** An exact-output swap as a SwapRouter call's calldata carries it. */
export interface SentRoute {
  route: Route;
  recipient: Address;
  amountOut: bigint;
  amountInMaximum: bigint;
}

/** The one exact-output swap of a SwapRouter call (a multicall may add refundETH), or what else it does. */
export function readRoute(data: Hex): SentRoute | { error: string } {
  const calls = routerCalls(data);
  if (!calls.length) return { error: 'not a SwapRouter call' };
  const swaps = calls.filter((c) => c.functionName !== 'refundETH');
  if (swaps.length !== 1)
    return { error: `${swaps.length} calls besides refundETH (${swaps.map((c) => c.functionName).join(', ')}), expected one swap` };
  const c = swaps[0]!;
  if (c.functionName === 'exactOutputSingle') {
    const p = c.args[0];
    return {
      route: { tokens: [p.tokenIn, p.tokenOut], fees: [p.fee] },
      recipient: p.recipient,
      amountOut: p.amountOut,
      amountInMaximum: p.amountInMaximum,
    };
  }
  if (c.functionName === 'exactOutput') {
    const p = c.args[0];
    const decoded = decodeV3Path(p.path);
    if (!decoded) return { error: `an exactOutput path that does not decode (${p.path})` };
    // exactOutput's path runs from the token bought back to the token paid.
    const route = { tokens: [...decoded.tokens].reverse(), fees: [...decoded.fees].reverse() };
    return { route, recipient: p.recipient, amountOut: p.amountOut, amountInMaximum: p.amountInMaximum };
  }
  return { error: `a ${c.functionName} call, not an exact-output swap` };
}

/** A candidate route priced: its quote and, for the few cheapest, the gas of sending it. */
export interface PricedRoute {
  route: Route;
  amountIn: bigint;
  gas?: bigint;
}

/** Far enough that an estimate never meets its deadline. */
const FAR_DEADLINE = 2n ** 40n;

/**
 * Every candidate's quote (a route the quoter cannot fill is dropped), then the gas of the `shortlist`
 * cheapest as the agent would send them: the routes ranked by what they cost in USD with their gas.
 */
export async function priceRoutes(
  chain: PublicClient,
  env: { v3_quoter: Address; v3_swap_router: Address },
  agent: Address,
  routes: readonly Route[],
  order: RouteOrder,
  cost: (amountIn: bigint, gas: bigint) => Promise<number>,
  shortlist = 3,
): Promise<(PricedRoute & { usd: number })[]> {
  const quoted = (
    await Promise.all(
      routes.map(async (route) => {
        const amountIn = await quoteRoute(chain, env.v3_quoter, route, order.amountOut).catch(() => undefined);
        return amountIn === undefined ? undefined : { route, amountIn };
      }),
    )
  )
    .filter((r): r is PricedRoute => r !== undefined)
    .sort((a, b) => (a.amountIn < b.amountIn ? -1 : a.amountIn > b.amountIn ? 1 : 0));
  const priced = await Promise.all(
    quoted.slice(0, shortlist).map(async (r) => {
      const data = routeCalldata(r.route, order.amountOut, agent, slippageCeiling(r.amountIn, order.slippage), FAR_DEADLINE);
      const gas = await chain.estimateGas({ account: agent, to: env.v3_swap_router, data });
      return { ...r, gas, usd: await cost(r.amountIn, gas) };
    }),
  );
  return priced.sort((a, b) => a.usd - b.usd);
}

/** The wallet as a route task values it: BNB for gas, the tokens paid and bought, and their USD prices at the pre-state. */
export interface RouteState {
  bnb: bigint;
  paid: bigint;
  bought: bigint;
  /** Balances of the other tokens a purchase could wrongly be paid from, by address. */
  others: Record<string, bigint>;
  /** The SwapRouter's balance of the token paid (a swap leaves none behind). */
  routerPaid: bigint;
  decimalsIn: number;
  decimalsOut: number;
  bnbUsd: number;
  inUsd: number;
  outUsd: number;
}

export interface RouteTask<P> {
  order: (params: P, env: HardEnv) => RouteOrder;
  /** How the checks name the two tokens, e.g. { paid: 'USDT', bought: 'FLOKI' }. */
  names: { paid: string; bought: string };
  /** What the wallet holds of the token paid, the SwapRouter approved for all of it (base units). */
  wallet: (params: P, env: HardEnv) => bigint;
}

/** A token of a route by its symbol in the address map, when it is one of the tokens routes pass through. */
const symbolIn =
  (env: HardEnv) =>
  (a: Address): string =>
    (['WBNB', 'USDT', 'BUSD', 'CAKE', 'FLOKI'] as const).find((k) => isAddressEqual(env[k], a)) ?? a;

/** The intermediate tokens a two-hop route may pass through. */
export const routeBases = (env: HardEnv): Address[] => [env.WBNB, env.USDT, env.BUSD];

const poolOf = (chain: PublicClient, env: HardEnv, a: Address, b: Address, fee: number) =>
  chain.readContract({ address: env.v3_factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] });

/** USD per whole token at the pre-state: USDT 1, WBNB at its deepest USDT pool, others at their deepest WBNB pool. */
async function usdOf(chain: PublicClient, env: HardEnv, token: Address, bnbUsd: number): Promise<number> {
  if (isAddressEqual(token, env.USDT)) return 1;
  if (isAddressEqual(token, env.WBNB)) return bnbUsd;
  const pool = await poolOf(chain, env, token, env.WBNB, await deepestTier(chain, env.v3_factory, token, env.WBNB));
  return bnbUsd / (await v3MidPrice(chain, pool, env.WBNB));
}

const valueOf = (s: RouteState, bnb: bigint, paid: bigint, bought: bigint) =>
  walletUsd([
    { amount: bnb, decimals: 18, usd: s.bnbUsd },
    { amount: paid, decimals: s.decimalsIn, usd: s.inUsd },
    { amount: bought, decimals: s.decimalsOut, usd: s.outUsd },
  ]);

/** A grace of 0.5 % over a ceiling, for scripts that round the percentage differently. */
const ceilingGrace = (ceiling: bigint) => ceiling + ceiling / 200n;

/**
 * The validator of a route task: one SwapRouter exact-output swap of exactly the order to the wallet, along
 * any route, paid in the order's token only, its maximum within the owner's slippage of that route's quote.
 * Checks weigh 60; quality is the wallet's USD at the pre-state's mid prices, scaled against the cheapest
 * candidate route (direct pools and two hops through WBNB, USDT or BUSD, every tier) with its gas.
 */
export function routeValidator<P>(task: RouteTask<P>): ValidatorSpec<P, RouteState, HardEnv> {
  type Ctx = CheckContext<P, RouteState, HardEnv>;
  const { paid, bought } = task.names;
  const sent = (ctx: Ctx) => readRoute(defined(ctx.tx, 'the sent transaction').data);
  const otherTokens = (env: HardEnv, o: RouteOrder) =>
    [env.WBNB, env.USDT, env.BUSD, env.CAKE, env.FLOKI].filter((t) => !isAddressEqual(t, o.tokenIn) && !isAddressEqual(t, o.tokenOut));

  const shape: Check<P, RouteState, HardEnv> = {
    name: `the SwapRouter call is one exact-output swap of ${paid} for exactly the order of ${bought}, to the wallet`,
    weight: 15,
    verify: (ctx): CheckResult => {
      const order = task.order(ctx.params, ctx.env);
      const s = sent(ctx);
      if ('error' in s) return { pass: false, detail: s.error };
      const { tokens } = s.route;
      const detail = `${describeRoute(s.route, symbolIn(ctx.env))} for ${s.amountOut} to ${s.recipient}, ${ctx.tx?.value ?? 0n} wei sent`;
      const pass =
        isAddressEqual(tokens[0]!, order.tokenIn) &&
        isAddressEqual(tokens.at(-1)!, order.tokenOut) &&
        s.amountOut === order.amountOut &&
        isAddressEqual(s.recipient, ctx.agent) &&
        (ctx.tx?.value ?? 0n) === 0n;
      return { pass, detail: `${detail} (the order: ${order.amountOut} ${bought} for ${paid}, to ${ctx.agent})` };
    },
  };

  const delivered: Check<P, RouteState, HardEnv> = {
    name: `exactly the order's ${bought} arrived in the wallet`,
    weight: 15,
    verify: ({ params, env, pre, post }) => {
      const order = task.order(params, env);
      const got = post.bought - pre.bought;
      return {
        pass: got === order.amountOut,
        detail: `received ${fmt(got, pre.decimalsOut, bought)}, the order ${fmt(order.amountOut, pre.decimalsOut, bought)}`,
      };
    },
  };

  const paidOnly: Check<P, RouteState, HardEnv> = {
    name: `only ${paid} paid for it, at most the swap's maximum, none left in the SwapRouter`,
    weight: 15,
    verify: (ctx) => {
      const { pre, post } = ctx;
      const s = sent(ctx);
      const spent = pre.paid - post.paid;
      const bnb = pre.bnb - post.bnb - gasCost(ctx);
      const moved = Object.keys(pre.others).filter((t) => pre.others[t] !== post.others[t]);
      if (bnb !== 0n) return { pass: false, detail: `BNB moved by ${fmt(-bnb)} besides gas` };
      if (moved.length) return { pass: false, detail: `also moved: ${moved.join(', ')}` };
      if (post.routerPaid !== pre.routerPaid)
        return { pass: false, detail: `${fmt(post.routerPaid - pre.routerPaid, pre.decimalsIn, paid)} left in the SwapRouter` };
      const max = 'error' in s ? 0n : s.amountInMaximum;
      return {
        pass: spent > 0n && spent <= max,
        detail: `paid ${fmt(spent, pre.decimalsIn, paid)}, the swap's maximum ${fmt(max, pre.decimalsIn, paid)}`,
      };
    },
  };

  const limit: Check<P, RouteState, HardEnv> = {
    name: "the swap's amountInMaximum is within the owner's slippage over QuoterV2's quote for its route",
    weight: 15,
    verify: async (ctx) => {
      const order = task.order(ctx.params, ctx.env);
      const s = sent(ctx);
      if ('error' in s) return { pass: false, detail: s.error };
      const before = defined(ctx.receipt, 'the receipt').blockNumber - 1n;
      const quote = await quoteRoute(ctx.chain, ctx.env.v3_quoter, s.route, s.amountOut, before).catch(() => 0n);
      const ceiling = slippageCeiling(quote, order.slippage);
      return {
        pass: quote > 0n && s.amountInMaximum >= quote && s.amountInMaximum <= ceilingGrace(ceiling),
        detail: `maximum ${s.amountInMaximum}, quote ${quote} for ${describeRoute(s.route, symbolIn(ctx.env))}, ${order.slippage}% over it ${ceiling}`,
      };
    },
  };

  return {
    kind: 'transaction',
    target: ({ env }) => env.v3_swap_router,
    setup: async ({ chain, params, env, agent }: SetupContext<P, HardEnv>) => {
      const { tokenIn } = task.order(params, env);
      const amount = task.wallet(params, env);
      if (isAddressEqual(tokenIn, env.WBNB)) {
        // WBNB's supply is its BNB: wrap up to the amount rather than write a balance it does not back.
        const held = await balanceOf(chain.public, env.WBNB, agent);
        if (held > amount) await setTokenBalance(chain, tokenIn, agent, amount);
        else if (held < amount) await wrapAs(chain, agent, env.WBNB, amount - held);
      } else await setTokenBalance(chain, tokenIn, agent, amount);
      await approveAs(chain, agent, tokenIn, env.v3_swap_router, amount);
    },
    observe: async ({ chain, params, env, agent }: ObserveContext<P, HardEnv>): Promise<RouteState> => {
      const order = task.order(params, env);
      const others = otherTokens(env, order);
      const usdtPool = await poolOf(chain, env, env.WBNB, env.USDT, await deepestTier(chain, env.v3_factory, env.WBNB, env.USDT));
      const bnbUsd = await v3MidPrice(chain, usdtPool, env.WBNB);
      const [bnb, paidBal, boughtBal, routerPaid, decimalsIn, decimalsOut, inUsd, outUsd, otherBals] = await Promise.all([
        chain.getBalance({ address: agent }),
        balanceOf(chain, order.tokenIn, agent),
        balanceOf(chain, order.tokenOut, agent),
        balanceOf(chain, order.tokenIn, env.v3_swap_router),
        chain.readContract({ address: order.tokenIn, abi: erc20Abi, functionName: 'decimals' }),
        chain.readContract({ address: order.tokenOut, abi: erc20Abi, functionName: 'decimals' }),
        usdOf(chain, env, order.tokenIn, bnbUsd),
        usdOf(chain, env, order.tokenOut, bnbUsd),
        Promise.all(others.map((t) => balanceOf(chain, t, agent))),
      ]);
      return {
        bnb,
        paid: paidBal,
        bought: boughtBal,
        others: Object.fromEntries(others.map((t, i) => [t, otherBals[i]!])),
        routerPaid,
        decimalsIn,
        decimalsOut,
        bnbUsd,
        inUsd,
        outUsd,
      };
    },
    checks: [shape, delivered, paidOnly, limit],
    quality: {
      value: ({ pre, post }) => valueOf(pre, post.bnb, post.paid, post.bought),
      // The cheapest candidate route as one SwapRouter call: the wallet after paying its quote and its gas.
      optimum: async ({ chain, params, env, agent, pre }) => {
        const order = task.order(params, env);
        const routes = await candidateRoutes(chain, env.v3_factory, order.tokenIn, order.tokenOut, routeBases(env));
        const cost = async (amountIn: bigint, gas: bigint) =>
          walletUsd([{ amount: amountIn, decimals: pre.decimalsIn, usd: pre.inUsd }]) + (await qualityGasUsd(chain, gas, pre.bnbUsd));
        const [best] = await priceRoutes(chain, env, agent, routes, order, cost);
        const b = defined(best, 'a route the quoter can fill');
        return (
          valueOf(pre, pre.bnb, pre.paid - b.amountIn, pre.bought + order.amountOut) -
          (await qualityGasUsd(chain, defined(b.gas, 'its gas'), pre.bnbUsd))
        );
      },
    },
  };
}
