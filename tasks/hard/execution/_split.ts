// What the split tasks of the execution family share: the greedy allocation of an order over pools (the
// optimum their validators compute), and the swaps a SwapRouter transaction makes.
import { isAddressEqual, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import { quoteExactInputSingle, routerCalls, V3_FACTORY_ABI, V3_FEE_TIERS } from 'evm-questbench/validators';

/** An order's share per pool and what each pays. */
export interface Allocation {
  fee: number;
  amountIn: bigint;
  amountOut: bigint;
}

/**
 * The order split over the pools in `chunks` equal parts, each to the pool that pays most for it next:
 * the optimum of the split for outputs that are concave in the input (price impact only grows).
 */
export async function greedySplit(
  quote: (fee: number, amountIn: bigint) => Promise<bigint>,
  fees: readonly number[],
  amount: bigint,
  chunks: bigint,
): Promise<Allocation[]> {
  const chunk = amount / chunks;
  // Each pool with what the next chunk there would bring its output to.
  const pools = await Promise.all(fees.map(async (fee) => ({ fee, amountIn: 0n, amountOut: 0n, next: await quote(fee, chunk) })));
  for (let i = 0n; i < chunks; i++) {
    const size = i === chunks - 1n ? amount - chunk * (chunks - 1n) : chunk;
    const best = pools.reduce((b, p) => (p.next - p.amountOut > b.next - b.amountOut ? p : b));
    best.amountIn += size;
    best.amountOut = size === chunk ? best.next : await quote(best.fee, best.amountIn);
    best.next = await quote(best.fee, best.amountIn + chunk);
  }
  const alloc = pools.map(({ fee, amountIn, amountOut }) => ({ fee, amountIn, amountOut }));
  return alloc.filter((a) => a.amountIn > 0n);
}

/** The fee tiers whose pool of the pair exists. */
export async function tiersOf(chain: PublicClient, factory: Address, a: Address, b: Address): Promise<number[]> {
  const pools = await Promise.all(
    V3_FEE_TIERS.map(async (fee) => ({
      fee,
      pool: await chain.readContract({ address: factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] }),
    })),
  );
  return pools.filter((p) => !isAddressEqual(p.pool, zeroAddress)).map((p) => p.fee);
}

/** A quote of one exact-input swap at the pre-state; a pool the amount exhausts quotes what it can. */
export const quoterOf =
  (chain: PublicClient, quoter: Address, tokenIn: Address, tokenOut: Address, blockNumber?: bigint) =>
  (fee: number, amountIn: bigint): Promise<bigint> =>
    amountIn === 0n ? Promise.resolve(0n) : quoteExactInputSingle(chain, quoter, { tokenIn, tokenOut, fee, amountIn }, blockNumber);

/** The exactInputSingle swaps of a SwapRouter transaction, or why it is not only those (a refund of BNB aside). */
export function swapsOf(
  data: Hex,
): { swaps: Extract<ReturnType<typeof routerCalls>[number], { functionName: 'exactInputSingle' }>['args'][0][] } | { error: string } {
  const calls = routerCalls(data);
  if (!calls.length) return { error: 'not a SwapRouter call' };
  const other = calls.find((c) => c.functionName !== 'exactInputSingle' && c.functionName !== 'refundETH');
  if (other) return { error: `makes a ${other.functionName} call` };
  return { swaps: calls.flatMap((c) => (c.functionName === 'exactInputSingle' ? [c.args[0]] : [])) };
}

/** The amounts of the swaps summed per fee tier. */
export function perTier<T extends { fee: number; amountIn: bigint; amountOutMinimum: bigint }>(
  swaps: readonly T[],
): Map<number, { amountIn: bigint; minimum: bigint }> {
  const out = new Map<number, { amountIn: bigint; minimum: bigint }>();
  for (const s of swaps) {
    const t = out.get(s.fee) ?? { amountIn: 0n, minimum: 0n };
    out.set(s.fee, { amountIn: t.amountIn + s.amountIn, minimum: t.minimum + s.amountOutMinimum });
  }
  return out;
}
