// Rank correlation between two rounds of per-task scores.
import { studentTTwoSidedP } from './student-t.ts';

/**
 * 1-based ranks in ascending order; tied values share the average of the
 * ranks they occupy (e.g. [10, 20, 20] → [1, 2.5, 2.5]).
 * Throws RangeError on NaN, since NaN has no place in an ordering.
 */
export function rankWithTies(xs: readonly number[]): number[] {
  for (const x of xs) {
    if (Number.isNaN(x)) throw new RangeError('rankWithTies: NaN cannot be ranked');
  }
  // Comparison rather than subtraction so ±Infinity sorts correctly.
  const order = xs.map((_, i) => i).sort((i, j) => (xs[i]! < xs[j]! ? -1 : xs[i]! > xs[j]! ? 1 : i - j));
  const ranks = new Array<number>(xs.length);
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    while (end < order.length && xs[order[end]!] === xs[order[start]!]) end++;
    // Positions start..end-1 (0-based) hold equal values; their 1-based ranks average to this.
    const avg = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]!] = avg;
    start = end;
  }
  return ranks;
}

/**
 * Pearson correlation. NaN when fewer than two points or when either vector has
 * zero variance (the correlation is undefined, not zero).
 */
export function pearson(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`pearson: length mismatch ${x.length} vs ${y.length}`);
  const n = x.length;
  if (n < 2) return Number.NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return Number.NaN;
  // Rounding can push |r| a hair past 1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

export interface SpearmanResult {
  rho: number;
  n: number;
  /** Two-sided p-value for H0: rho = 0. */
  pValue: number;
}

/**
 * Spearman's rank correlation, computed as the Pearson correlation of average
 * ranks. Unlike the 1 − 6Σd²/(n(n²−1)) shortcut this stays exact with ties.
 *
 * - rho is NaN when n < 2 or when either vector is constant (all ties): a
 *   constant vector has no ordering to agree or disagree with. Use
 *   spearmanStability when identical constant rounds should count as stable.
 * - pValue uses t = rho·√((n−2)/(1−rho²)) with n − 2 degrees of freedom;
 *   it is 0 when |rho| = 1 and NaN when n < 3 or rho is NaN. The t
 *   approximation is rough for very small n; treat it as indicative.
 *
 * Throws RangeError on length mismatch or NaN values.
 */
export function spearman(x: readonly number[], y: readonly number[]): SpearmanResult {
  if (x.length !== y.length) throw new RangeError(`spearman: length mismatch ${x.length} vs ${y.length}`);
  const n = x.length;
  const rho = pearson(rankWithTies(x), rankWithTies(y));
  let pValue: number;
  if (n < 3 || Number.isNaN(rho)) pValue = Number.NaN;
  else if (Math.abs(rho) === 1) pValue = 0;
  else {
    const df = n - 2;
    pValue = studentTTwoSidedP(rho * Math.sqrt(df / (1 - rho * rho)), df);
  }
  return { rho, n, pValue };
}

/**
 * Rank stability between two rounds. Element-wise identical rounds (n ≥ 1) give 1,
 * even when every score is the same — a deterministic model that repeats itself
 * exactly is perfectly stable, although its ranks are all ties. Everything else
 * falls back to spearman(x, y).rho, so two *different* constant rounds are NaN.
 * Empty rounds give NaN. Throws RangeError on length mismatch or NaN values.
 */
export function spearmanStability(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`spearmanStability: length mismatch ${x.length} vs ${y.length}`);
  if (x.length === 0) return Number.NaN;
  if (x.every((v, i) => v === y[i])) return 1;
  return spearman(x, y).rho;
}
