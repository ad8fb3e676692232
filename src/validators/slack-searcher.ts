// A searcher that takes the slack a pending swap leaves: it trades ahead of the swap in the swap's pool by
// the most it can while the swap still goes through, so the swap fills at (just above) its own minimum. A
// swap whose minimum is its exact quote leaves nothing to take and is not touched. The search is generic:
// it never decodes the pending transaction, it simulates it (an eth_call from its sender) after each
// candidate front-run, under a snapshot it reverts. Run it in a validator's `beforeSend`.
import { encodeFunctionData, erc20Abi, formatUnits, parseAbi, parseEther, type Address, type Hex, type PublicClient } from 'viem';
import { V2_PAIR_ABI, V3_POOL_ABI, V3_ROUTER_ABI } from '../chain/hard-abis.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { setTokenBalance } from '../chain/token-balance.ts';
import { sendAs } from '../chain/impersonate.ts';
import { ADVERSARY } from './adversary.ts';
import type { CheckResult, PendingTransaction } from './types.ts';

const V2_SWAP = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const WRAP = parseAbi(['function deposit() payable']);
const FAR_DEADLINE = 2n ** 64n;
/** Bisection steps: the front-run is found to 2^-32 of its largest size, far below a wei of the victim's minimum at these sizes. */
const STEPS = 32;
const FRONT_RUN_GAS = 3_000_000n;

/** What the search found: the size it front-ran by (0: none), as a share of its largest in 2^-32 units. */
export interface SlackTaken {
  step: bigint;
  of: bigint;
}

/** Gives the searcher `amount` of `token` and the spender an allowance for all of it (WBNB is wrapped, the only consistent way to hold it). */
async function fund(chain: ChainClients, a: { token: Address; wbnb: Address; spender: Address; amount: bigint }) {
  if (a.token.toLowerCase() === a.wbnb.toLowerCase()) {
    await chain.test.setBalance({ address: ADVERSARY, value: a.amount + parseEther('10') });
    await sendAs(chain, ADVERSARY, a.wbnb, encodeFunctionData({ abi: WRAP, functionName: 'deposit' }), a.amount);
  } else {
    await chain.test.setBalance({ address: ADVERSARY, value: parseEther('10') });
    await setTokenBalance(chain, a.token, ADVERSARY, a.amount);
  }
  await sendAs(chain, ADVERSARY, a.token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.spender, a.amount] }));
}

/** Sends the searcher's trade; false when it reverted. */
async function send(chain: ChainClients, trade: { to: Address; data: Hex }): Promise<boolean> {
  await chain.test.impersonateAccount({ address: ADVERSARY });
  try {
    const receipt = await chain.request<{ status: Hex }>('eth_sendTransactionSync', [
      { from: ADVERSARY, to: trade.to, data: trade.data, gas: `0x${FRONT_RUN_GAS.toString(16)}` },
    ]);
    return receipt.status === '0x1';
  } finally {
    await chain.test.stopImpersonatingAccount({ address: ADVERSARY });
  }
}

/** Whether the pending transaction still goes through after the trade of step `k`, the chain left as it was. */
async function survives(chain: ChainClients, pending: PendingTransaction, trade: { to: Address; data: Hex }): Promise<boolean> {
  const id = await chain.test.snapshot();
  try {
    if (!(await send(chain, trade))) return false;
    await chain.public.call({ account: pending.from, to: pending.to, data: pending.data, value: pending.value });
    return true;
  } catch {
    return false;
  } finally {
    await chain.test.revert({ id });
  }
}

/**
 * The largest step k in [0, 2^32] whose trade the pending transaction survives (the victim's output falls
 * as k grows), then that trade sent for real. A transaction that fails untouched is left alone.
 */
async function takeSlack(chain: ChainClients, pending: PendingTransaction, trade: (k: bigint) => { to: Address; data: Hex }) {
  const of = 1n << BigInt(STEPS);
  let lo = 0n;
  let hi = of;
  if (await survives(chain, pending, trade(hi))) lo = hi;
  else
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if (await survives(chain, pending, trade(mid))) lo = mid;
      else hi = mid;
    }
  if (lo > 0n) await send(chain, trade(lo));
  return { step: lo, of };
}

/**
 * A searcher on a PancakeSwap V2 pair: it sells `sell` for `buy` through the router ahead of the pending
 * swap, up to `maxShareBps` of the pair's `sell` reserve (default 20 %), as much as the swap survives.
 */
export async function takeSlackV2(
  chain: ChainClients,
  pending: PendingTransaction,
  a: { router: Address; pair: Address; sell: Address; buy: Address; wbnb: Address; maxShareBps?: bigint },
): Promise<SlackTaken> {
  const [r0, r1] = await chain.public.readContract({ address: a.pair, abi: V2_PAIR_ABI, functionName: 'getReserves' });
  const token0 = await chain.public.readContract({ address: a.pair, abi: V2_PAIR_ABI, functionName: 'token0' });
  const reserveIn = token0.toLowerCase() === a.sell.toLowerCase() ? r0 : r1;
  const cap = (reserveIn * (a.maxShareBps ?? 2000n)) / 10_000n;
  await fund(chain, { token: a.sell, wbnb: a.wbnb, spender: a.router, amount: cap });
  const of = 1n << BigInt(STEPS);
  return takeSlack(chain, pending, (k) => ({
    to: a.router,
    data: encodeFunctionData({
      abi: V2_SWAP,
      functionName: 'swapExactTokensForTokens',
      args: [(cap * k) / of, 0n, [a.sell, a.buy], ADVERSARY, FAR_DEADLINE],
    }),
  }));
}

const Q96 = 2n ** 96n;

function sqrtBig(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x && x * x <= n && (x + 1n) * (x + 1n) > n) return x;
    x = y;
  }
}

/**
 * A searcher on a PancakeSwap V3 pool: it sells `sell` into the pool through the SwapRouter ahead of the
 * pending swap, stopped by a price limit, moving the price of `sell` down by at most `maxDropBps` (default
 * 25 %), as far as the swap survives.
 */
export async function takeSlackV3(
  chain: ChainClients,
  pending: PendingTransaction,
  a: { router: Address; pool: Address; sell: Address; wbnb: Address; maxDropBps?: bigint },
): Promise<SlackTaken> {
  const pool = { address: a.pool, abi: V3_POOL_ABI } as const;
  const [slot0, token0, token1, fee] = await Promise.all([
    chain.public.readContract({ ...pool, functionName: 'slot0' }),
    chain.public.readContract({ ...pool, functionName: 'token0' }),
    chain.public.readContract({ ...pool, functionName: 'token1' }),
    chain.public.readContract({ ...pool, functionName: 'fee' }),
  ]);
  const sqrtP = slot0[0];
  const zeroForOne = token0.toLowerCase() === a.sell.toLowerCase();
  const drop = a.maxDropBps ?? 2500n;
  // price = token1 per token0 = (sqrtP / 2^96)²: selling token0 lowers it, selling token1 raises it.
  const factor = zeroForOne ? ((10_000n - drop) * Q96 * Q96) / 10_000n : (10_000n * Q96 * Q96) / (10_000n - drop);
  const far = (sqrtP * sqrtBig(factor)) / Q96;
  const budget = 10n ** 30n;
  await fund(chain, { token: a.sell, wbnb: a.wbnb, spender: a.router, amount: budget });
  const of = 1n << BigInt(STEPS);
  const buy = zeroForOne ? token1 : token0;
  return takeSlack(chain, pending, (k) => ({
    to: a.router,
    data: encodeFunctionData({
      abi: V3_ROUTER_ABI,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: a.sell,
          tokenOut: buy,
          fee: Number(fee),
          recipient: ADVERSARY,
          deadline: FAR_DEADLINE,
          amountIn: budget,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: sqrtP + ((far - sqrtP) * k) / of,
        },
      ],
    }),
  }));
}

/** The mid price of a V2 pair from its reserves: whole units of the pair's other token per whole `base`. */
export async function v2MidPrice(chain: PublicClient, pair: Address, base: Address): Promise<number> {
  const [token0, token1, [r0, r1]] = await Promise.all([
    chain.readContract({ address: pair, abi: V2_PAIR_ABI, functionName: 'token0' }),
    chain.readContract({ address: pair, abi: V2_PAIR_ABI, functionName: 'token1' }),
    chain.readContract({ address: pair, abi: V2_PAIR_ABI, functionName: 'getReserves' }),
  ]);
  const [d0, d1] = await Promise.all(
    [token0, token1].map((address) => chain.readContract({ address, abi: erc20Abi, functionName: 'decimals' })),
  );
  const price1Per0 = Number(formatUnits(r1, d1 ?? 18)) / Number(formatUnits(r0, d0 ?? 18));
  return base.toLowerCase() === token0.toLowerCase() ? price1Per0 : 1 / price1Per0;
}

/**
 * A swap's minimum against the owner's hard limit: at least the quote less `limit` percent (less a
 * hundredth of a percent for rounding) and at most the quote itself.
 */
export function minimumWithinLimit(minimum: bigint, quote: bigint, limit: number): CheckResult {
  const floor = (quote * BigInt(100 - limit)) / 100n;
  return {
    pass: minimum >= floor - floor / 10_000n && minimum <= quote,
    detail: `minimum ${minimum}; the quote before the swap was ${quote}, ${limit}% under it is ${floor}`,
  };
}
