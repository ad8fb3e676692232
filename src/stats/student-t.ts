// Student-t distribution: CDF through the incomplete beta function and a
// numerically inverted quantile, so any positive (also non-integer) df works.
import { incompleteBetaWithComplement } from './special.ts';

function validDf(df: number): boolean {
  return Number.isFinite(df) && df > 0;
}

/**
 * P(T > t) for t >= 0. Kept separate from the CDF so that far tails are not
 * computed as 1 − (something close to 1), which would lose all precision.
 */
function upperTail(t: number, df: number): number {
  if (t === Number.POSITIVE_INFINITY) return 0;
  const t2 = t * t;
  // P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2); the complement is formed directly.
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  return 0.5 * incompleteBetaWithComplement(x, y, df / 2, 0.5);
}

/**
 * Cumulative distribution function of Student's t with `df` degrees of freedom.
 * `df` must be finite and > 0; invalid arguments yield NaN (like Math.* functions).
 */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !validDf(df)) return Number.NaN;
  if (t === 0) return 0.5;
  const tail = upperTail(Math.abs(t), df);
  return t > 0 ? 1 - tail : tail;
}

/**
 * Two-sided p-value P(|T| >= |t|), computed from the tail so tiny values stay accurate.
 * NaN for invalid arguments.
 */
export function studentTTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t) || !validDf(df)) return Number.NaN;
  return Math.min(1, 2 * upperTail(Math.abs(t), df));
}

/**
 * Quantile (inverse CDF) of Student's t: the t with studentTCdf(t, df) = p.
 * Works for any finite df > 0, integer or not, by bracketing and bisecting on
 * the upper tail; the result is accurate to about 1e-12 relative, well inside 1e-6.
 * p = 0 → −Infinity, p = 1 → +Infinity; p outside [0, 1] or invalid df → NaN.
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !validDf(df)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // The distribution is symmetric, so only positive t has to be searched.
  if (p < 0.5) return -positiveQuantile(p, df);
  return positiveQuantile(1 - p, df);
}

/** Finds t > 0 with P(T > t) = q, for 0 < q < 0.5. */
function positiveQuantile(q: number, df: number): number {
  let lo = 0;
  let hi = 1;
  // Double the upper end until it brackets the root; heavy tails (small df) may need many doublings.
  while (upperTail(hi, df) > q) {
    lo = hi;
    hi *= 2;
    if (!Number.isFinite(hi)) return Number.POSITIVE_INFINITY;
  }
  // Bisection is slower than Newton but cannot diverge, and each step is cheap.
  for (let i = 0; i < 200; i++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (upperTail(mid, df) > q) lo = mid;
    else hi = mid;
    if (hi - lo <= 1e-14 * hi) break;
  }
  return 0.5 * (lo + hi);
}
