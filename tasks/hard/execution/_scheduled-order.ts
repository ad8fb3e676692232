// The scheduled-order minimum tasks (hard_execution_minimum_scheduled_*): the wallet swaps exactly some BNB
// for a token, or a token for BNB, on PancakeSwap V2, in a block where a TWAP order already on chain
// (ScheduledOrder, fixtures/contracts/ScheduledOrder.sol, at the task's `scheduled_order` key) fills its
// last slice in the same pair first, then a searcher front-runs the swap by whatever slack its minimum
// leaves. The minimum that leaves the searcher nothing is the exact quote after the slice: below today's
// quote when the slice trades the swap's way ("ahead"), above it when it trades the other way ("against").
import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defined,
  defineValidator,
  deployContract,
  gasCost,
  orderedReserves,
  pancakeAmountOut,
  qualityGasUsd,
  quoteOut,
  sendAs,
  setTokenBalance,
  slippageFloor,
  SWAP_EXACT_ETH_FOR_TOKENS,
  SWAP_EXACT_TOKENS_FOR_ETH,
  takeSlackV2,
  v2MidPrice,
  walletUsd,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  type ObserveContext,
  type SetupContext,
  type Validator,
} from 'evm-questbench/validators';
import ScheduledOrder from '../../../fixtures/artifacts/ScheduledOrder.json' with { type: 'json' };

type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
type Env = HardEnv & { readonly scheduled_order: Address };
type Token = { symbol: string; address: Address; pair: Address };
/** The parameters every scheduled-order task has: `move` (bps) sizes the slice, `filled` slices are on chain already. */
type Common = { slippage: number; move: number; filled: number };
export type BuyParams = Common & { token: Token; amount: string };
export type SellParams = Common & { token: Token & { amount: string } };
type Params = BuyParams | SellParams;

/** The keeper that fills the order: namedAddress('hard/scheduled/keeper'). */
const KEEPER: Address = '0x7C3e240461A207A9429FE2884BBfe9F2C06Eb17c';
/** Whose order it is (it funded it and receives every fill): namedAddress('hard/scheduled/order_owner'). */
const ORDER_OWNER: Address = '0x819A08195186bcbc0978b071329575C324C086f4';
const ORDER = parseAbi([
  'function execute() returns (uint256 amountOut)',
  'function tokenIn() view returns (address)',
  'function pair() view returns (address)',
  'function slice() view returns (uint256)',
  'function remaining() view returns (uint256)',
]);
const WRAP = parseAbi(['function deposit() payable']);
const FAR = 2n ** 40n;
/** Slices are whole hundredths of a token. */
const ROUND = 10n ** 16n;

export type Side = 'buy' | 'sell';
export type Direction = 'ahead' | 'against';

type State = {
  bnb: bigint;
  token: bigint;
  /** The router's quote for the swap at the pre-state's block. */
  quote: bigint;
  /** The swap's output once the order's next slice has filled: what it executes at with no searcher ahead. */
  after: bigint;
  bnbUsd: number;
  tokenUsd: number;
};
type Ctx = CheckContext<Params, State, Env>;

const isBuy = (p: Params): p is BuyParams => 'amount' in p && typeof (p as BuyParams).amount === 'string';

/** The swap's input (BNB for a buy, the token for a sale: 18 decimals, CAKE, USDT and BUSD all have 18). */
const amountIn = (p: Params) => (isBuy(p) ? parseEther(p.amount) : parseUnits(p.token.amount, 18));
const pathOf = (side: Side, p: Params, env: Env): [Address, Address] =>
  side === 'buy' ? [env.WBNB, p.token.address] : [p.token.address, env.WBNB];

/** The order's tokens: its input is the swap's ("ahead") or the swap's output ("against"). */
const orderPath = (side: Side, direction: Direction, p: Params, env: Env): [Address, Address] => {
  const [a, b] = pathOf(side, p, env);
  return direction === 'ahead' ? [a, b] : [b, a];
};

/** Gives `holder` `amount` of `token` (WBNB wrapped, the only consistent way to hold it). */
async function give(chain: SetupContext<Params, Env>['chain'], env: Env, token: Address, holder: Address, amount: bigint) {
  if (isAddressEqual(token, env.WBNB)) {
    await chain.test.setBalance({ address: holder, value: amount + parseEther('10') });
    await sendAs(chain, holder, env.WBNB, encodeFunctionData({ abi: WRAP, functionName: 'deposit' }), amount);
  } else {
    await chain.test.setBalance({ address: holder, value: parseEther('10') });
    await setTokenBalance(chain, token, holder, amount);
  }
}

/** The keeper's fill of the order's next slice. */
async function fill(chain: SetupContext<Params, Env>['chain'], order: Address) {
  await sendAs(chain, KEEPER, order, encodeFunctionData({ abi: ORDER, functionName: 'execute' }));
}

/**
 * The swap's output after the order fills one slice, from the pair's reserves (0.25 % fee), or the output
 * at the reserves as they are when the order cannot fill (less than a slice left, another pair).
 */
async function outputAfterSlice(
  chain: ObserveContext<Params, Env>['chain'],
  order: Address,
  pair: Address,
  path: [Address, Address],
  amount: bigint,
) {
  const read = <F extends 'tokenIn' | 'pair' | 'slice' | 'remaining'>(functionName: F) =>
    chain.readContract({ address: order, abi: ORDER, functionName }) as Promise<F extends 'tokenIn' | 'pair' ? Address : bigint>;
  const [orderIn, orderPair, slice, remaining, { reserves }] = await Promise.all([
    read('tokenIn'),
    read('pair'),
    read('slice'),
    read('remaining'),
    orderedReserves(chain, pair, path[0]),
  ]);
  let [rIn, rOut] = reserves;
  if (isAddressEqual(orderPair, pair) && remaining >= slice) {
    if (isAddressEqual(orderIn, path[0])) {
      const out = pancakeAmountOut(slice, rIn, rOut);
      rIn += slice;
      rOut -= out;
    } else {
      const out = pancakeAmountOut(slice, rOut, rIn);
      rOut += slice;
      rIn -= out;
    }
  }
  return pancakeAmountOut(amount, rIn, rOut);
}

/** The swap the transaction makes, if it is the requested one (function, exact input, direct path, to the wallet): its minimum. */
function requestedSwap(side: Side, { tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  const [from, to] = pathOf(side, params, env);
  const sameRoute = (path: readonly Address[]) =>
    path.length === 2 && isAddressEqual(defined(path[0], 'the path'), from) && isAddressEqual(defined(path[1], 'the path'), to);
  try {
    if (side === 'buy') {
      const call = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: tx.data });
      const [min, path, recipient] = call.args as unknown as [bigint, readonly Address[], Address];
      return tx.value === amountIn(params) && sameRoute(path) && isAddressEqual(recipient, agent) ? { min } : undefined;
    }
    const call = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_ETH, data: tx.data });
    const [amount, min, path, recipient] = call.args as unknown as [bigint, bigint, readonly Address[], Address];
    return amount === amountIn(params) && tx.value === 0n && sameRoute(path) && isAddressEqual(recipient, agent) ? { min } : undefined;
  } catch {
    return undefined;
  }
}

/** The minimum against the owner's limit: at least today's quote less the tolerance (less 0.01 % of it for rounding); no ceiling. */
function holdsFloor(min: bigint, quote: bigint, slippage: number): CheckResult {
  const floor = slippageFloor(quote, slippage);
  return {
    pass: min >= floor - floor / 10_000n,
    detail: `minimum ${min}; the router's quote before the swap was ${quote}, ${slippage}% under it is ${floor}`,
  };
}

/**
 * The validator of a scheduled-order minimum task: `side` is the wallet's swap (buy the token with BNB, or
 * sell it for BNB), `direction` whether the order's slice trades the same way or the other way.
 */
export function scheduledOrderValidator<P extends Params>(side: Side, direction: Direction): Validator<P, State, Env> {
  const what =
    side === 'buy'
      ? 'swapExactETHForTokens of the requested BNB along WBNB → token'
      : 'swapExactTokensForETH of the requested tokens along token → WBNB';
  return defineValidator<Params, State, Env>({
    kind: 'transaction',
    target: ({ env }) => env.router,
    // The sale's tokens and exact allowance; the order placed, funded for `filled` + 1 slices, and filled by the
    // keeper in the last `filled` blocks, the head's included: one slice is left, due at the top of the next block.
    setup: async ({ chain, params, env, agent }) => {
      if (side === 'sell') {
        const amount = amountIn(params);
        await setTokenBalance(chain, params.token.address, agent, 2n * amount);
        await approveAs(chain, agent, params.token.address, env.router, amount);
      }
      const [tokenIn, tokenOut] = orderPath(side, direction, params, env);
      const { reserves } = await orderedReserves(chain.public, params.token.pair, tokenIn);
      // A slice of s moves the pair's price by about 2 s / reserve: `move` bps of it.
      const slice = ((reserves[0] * BigInt(params.move)) / 20_000n / ROUND) * ROUND;
      const order = env.scheduled_order;
      await deployContract(chain, ScheduledOrder as Artifact, order, [env.router, tokenIn, tokenOut, slice, ORDER_OWNER]);
      const total = BigInt(params.filled + 1) * slice;
      await give(chain, env, tokenIn, ORDER_OWNER, total);
      await sendAs(chain, ORDER_OWNER, tokenIn, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [order, total] }));
      await chain.test.setBalance({ address: KEEPER, value: parseEther('10') });
      for (let i = 0; i < params.filled; i++) await fill(chain, order);
      const left = await chain.public.readContract({ address: order, abi: ORDER, functionName: 'remaining' });
      if (left !== slice) throw new Error(`the scheduled order holds ${left}, not its last slice ${slice}`);
    },
    observe: async ({ chain, params, env, agent }) => {
      const amount = amountIn(params);
      const path = pathOf(side, params, env);
      const bnbUsd = await v2MidPrice(chain, env.pair_WBNB_USDT, env.WBNB);
      return {
        bnb: await chain.getBalance({ address: agent }),
        token: await balanceOf(chain, params.token.address, agent),
        quote: await quoteOut(chain, env.router, amount, path),
        after: await outputAfterSlice(chain, env.scheduled_order, params.token.pair, path, amount),
        bnbUsd,
        tokenUsd: bnbUsd / (await v2MidPrice(chain, params.token.pair, env.WBNB)),
      };
    },
    // At the top of the block the swap lands in, the keeper fills the order's slice; then a searcher trades the
    // swap's way ahead of it, as much as the swap's minimum lets it go through.
    beforeSend: async ({ chain, env, params, tx }) => {
      const order = env.scheduled_order;
      const [slice, remaining] = await Promise.all([
        chain.public.readContract({ address: order, abi: ORDER, functionName: 'slice' }),
        chain.public.readContract({ address: order, abi: ORDER, functionName: 'remaining' }),
      ]);
      if (remaining >= slice) await fill(chain, order);
      const [sell, buy] = pathOf(side, params, env);
      await takeSlackV2(chain, tx, { router: env.router, pair: params.token.pair, sell, buy, wbnb: env.WBNB });
    },
    checks: [
      {
        name: `the transaction is ${what}, to the wallet`,
        weight: 20,
        verify: (ctx) => ({
          pass: requestedSwap(side, ctx) !== undefined,
          detail: requestedSwap(side, ctx) ? 'ok' : `not ${what} to the wallet`,
        }),
      },
      {
        name: "amountOutMin holds the owner's limit: no lower than the router's quote less the tolerance",
        weight: 20,
        verify: (ctx) => {
          const swap = requestedSwap(side, ctx);
          if (!swap) return { pass: false, detail: 'the transaction is not the requested swap' };
          return holdsFloor(swap.min, ctx.pre.quote, ctx.params.slippage);
        },
      },
      {
        name:
          side === 'buy'
            ? "the wallet paid exactly the BNB (plus gas) and received at least the owner's floor of the token"
            : "the wallet sold exactly the tokens and received at least the owner's floor in BNB (besides gas)",
        weight: 20,
        verify: (ctx) => {
          const { pre, post, params } = ctx;
          const floor = slippageFloor(pre.quote, params.slippage);
          const amount = amountIn(params);
          let got: bigint;
          if (side === 'buy') {
            const spent = pre.bnb - post.bnb - gasCost(ctx);
            if (spent !== amount) return { pass: false, detail: `spent ${spent} wei of BNB besides gas` };
            got = post.token - pre.token;
          } else {
            const sold = pre.token - post.token;
            if (sold !== amount) return { pass: false, detail: `sold ${sold} base units of ${params.token.symbol}` };
            got = post.bnb + gasCost(ctx) - pre.bnb;
          }
          const symbol = side === 'buy' ? params.token.symbol : 'BNB';
          return compareAmount(`${symbol} received (at least the floor)`, got >= floor ? floor : got, floor, { symbol });
        },
      },
    ],
    quality: {
      value: ({ pre, post }) =>
        walletUsd([
          { amount: post.bnb, decimals: 18, usd: pre.bnbUsd },
          { amount: post.token, decimals: 18, usd: pre.tokenUsd },
        ]),
      // The swap with its minimum at the exact quote after the slice: no searcher can trade ahead of it, so it
      // fills at that quote. Its gas is estimated at the pre-state with a minimum that passes there.
      optimum: async ({ chain, env, agent, params, pre }) => {
        const amount = amountIn(params);
        const path = pathOf(side, params, env);
        const min = pre.after < pre.quote ? pre.after : pre.quote;
        // The one swap the owner asked for, as the side sends it: BNB as the call's value, or the token by allowance.
        const swap =
          side === 'buy'
            ? {
                value: amount,
                data: encodeFunctionData({
                  abi: SWAP_EXACT_ETH_FOR_TOKENS,
                  functionName: 'swapExactETHForTokens',
                  args: [min, path, agent, FAR],
                }),
              }
            : {
                data: encodeFunctionData({
                  abi: SWAP_EXACT_TOKENS_FOR_ETH,
                  functionName: 'swapExactTokensForETH',
                  args: [amount, min, path, agent, FAR],
                }),
              };
        const gas = await chain.estimateGas({ account: agent, to: env.router, ...swap });
        const [bnb, token] = side === 'buy' ? [pre.bnb - amount, pre.token + pre.after] : [pre.bnb + pre.after, pre.token - amount];
        return (
          walletUsd([
            { amount: bnb, decimals: 18, usd: pre.bnbUsd },
            { amount: token, decimals: 18, usd: pre.tokenUsd },
          ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
        );
      },
    },
  }) as unknown as Validator<P, State, Env>;
}
