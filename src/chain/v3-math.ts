// Concentrated-liquidity arithmetic the hard mirror's build needs: a pool's starting sqrt price from a
// token ratio, and position ticks from prices, on the fee tier's tick spacing. Exact values (the pool's
// current tick, in-range liquidity) are read from the chain, never computed here.

const Q96 = 1n << 96n;

function isqrt(n: bigint): bigint {
  if (n < 0n) throw new Error('isqrt of a negative number');
  if (n < 2n) return n;
  // Newton's method from an over-estimate decreases monotonically to floor(sqrt(n)).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** sqrt(amount1 / amount0) × 2^96, rounded down: the sqrtPriceX96 at which raw amounts of token1 and token0 trade 1:1 in value. */
export function encodeSqrtPriceX96(amount1: bigint, amount0: bigint): bigint {
  if (amount0 <= 0n || amount1 <= 0n) throw new Error('encodeSqrtPriceX96: amounts must be positive');
  return isqrt((amount1 << 192n) / amount0);
}

/** The raw price (token1 units per token0 unit) a sqrtPriceX96 stands for, as a float. */
export function priceOfSqrtX96(sqrtPriceX96: bigint): number {
  const s = Number(sqrtPriceX96) / Number(Q96);
  return s * s;
}

/** The tick whose price is at or just below a raw price: floor(log_1.0001(price)). */
export function tickAtPrice(rawPrice: number): number {
  if (!(rawPrice > 0)) throw new Error('tickAtPrice: price must be positive');
  return Math.floor(Math.log(rawPrice) / Math.log(1.0001));
}

export const MIN_TICK = -887272;
export const MAX_TICK = 887272;

/** The usable tick (a multiple of the spacing, inside the tick bounds) nearest to `tick`. */
export function nearestUsableTick(tick: number, spacing: number): number {
  const rounded = Math.round(tick / spacing) * spacing;
  if (rounded < MIN_TICK) return rounded + spacing;
  if (rounded > MAX_TICK) return rounded - spacing;
  return rounded;
}
