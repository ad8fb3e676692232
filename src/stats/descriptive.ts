// Descriptive statistics over one sample of scores.
import { studentTQuantile } from './student-t.ts';

/** Arithmetic mean; NaN for an empty sample. */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/**
 * Sample standard deviation with the n − 1 (Bessel) denominator.
 * NaN for fewer than two values: one value says nothing about spread (0 would claim "no spread").
 */
export function sampleSd(xs: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const m = mean(xs);
  // Two passes (mean first, then squared deviations) avoid the cancellation of the Σx² − n·m² form.
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return Math.sqrt(ss / (n - 1));
}

/** Standard error of the mean, sd / √n; NaN for fewer than two values. */
export function standardError(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  return sampleSd(xs) / Math.sqrt(xs.length);
}

/**
 * Coefficient of variation as a percentage: 100 · sd / |mean|.
 * The absolute mean keeps the value non-negative; a zero mean gives 0 rather
 * than Infinity so a model that scores 0 everywhere reports "no variation".
 * NaN for fewer than two values.
 */
export function cv(xs: readonly number[]): number {
  if (xs.length < 2) return Number.NaN;
  const m = mean(xs);
  if (m === 0) return 0;
  return (100 * sampleSd(xs)) / Math.abs(m);
}

export interface Summary {
  n: number;
  mean: number;
  sd: number;
  se: number;
  ciLow: number;
  ciHigh: number;
  halfWidth: number;
  /** Critical value t_{(1+confidence)/2, n−1} used for the interval. */
  t: number;
  cvPercent: number;
}

/**
 * Mean, spread and a two-sided Student-t confidence interval for the mean.
 *
 * Conventions for degenerate samples:
 * - n = 1: only the mean; sd, se, t, the interval and CV are NaN (zero degrees of freedom:
 *   nothing is known about spread, so nothing is claimed). Reports print them as "–".
 * - n = 0: every field except n is NaN.
 *
 * Throws RangeError when confidence is not strictly between 0 and 1.
 */
export function summarize(xs: readonly number[], confidence = 0.95): Summary {
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  }
  const n = xs.length;
  const m = mean(xs);
  const sd = sampleSd(xs);
  const se = standardError(xs);
  const cvPercent = cv(xs);
  if (n < 2) {
    const nan = Number.NaN;
    return { n, mean: m, sd: nan, se: nan, ciLow: nan, ciHigh: nan, halfWidth: nan, t: nan, cvPercent: nan };
  }
  const t = studentTQuantile((1 + confidence) / 2, n - 1);
  const halfWidth = t * se;
  return { n, mean: m, sd, se, ciLow: m - halfWidth, ciHigh: m + halfWidth, halfWidth, t, cvPercent };
}

/** Number of scores at or above the pass threshold (the threshold itself counts as a pass). */
export function passCount(scores: readonly number[], threshold = 60): number {
  let count = 0;
  for (const s of scores) if (s >= threshold) count++;
  return count;
}

/**
 * p-th percentile (p in [0, 100]) with linear interpolation between the two
 * nearest order statistics — the common "type 7" definition (numpy's default),
 * so percentile(xs, 50) is the usual median. NaN for an empty sample;
 * throws RangeError when p is outside [0, 100].
 */
export function percentile(xs: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile p must be in [0, 100], got ${p}`);
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const h = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const frac = h - lo;
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  // Written as a + frac·(b − a) but skipped when frac is 0 so infinities don't produce NaN.
  return frac === 0 ? a : a + frac * (b - a);
}
