// Dollar figures as the summary, the leaderboard and the page print them. No imports: the page's
// script bundles this module too.

/**
 * An instance "lost money" when it lost more than this (USD): some wrong answers lose fractions of a
 * cent (a swap routed through a slightly worse pool), which says nothing about a model's care with money.
 */
export const LOSS_THRESHOLD_USD = 0.01;

/** "$999.02"; below a cent two significant digits, so a non-zero figure never reads $0.00; "–" when undefined. */
export function usd(x: number | null | undefined): string {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '–';
  const v = Math.abs(x);
  const sign = x < 0 ? '−' : '';
  if (v > 0 && v < 0.01) return `${sign}$${v.toPrecision(2)}`;
  return `${sign}$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A share as a percentage with one decimal; "–" when undefined. */
export const percent = (x: number | null | undefined): string =>
  typeof x === 'number' && Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '–';
