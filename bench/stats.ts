// Small numeric and table helpers shared by the bench sections.

export interface Summary {
  n: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile (p in [0, 100]) of an unsorted sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (p <= 0) return sorted[0]!;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  return {
    n,
    median: median(values),
    p95: percentile(values, 95),
    mean: n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN,
    min: n ? Math.min(...values) : Number.NaN,
    max: n ? Math.max(...values) : Number.NaN,
  };
}

export const fmt = (v: number | undefined, digits = 1): string => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits));

/** Left-aligned first column, right-aligned others; every row is an array of cells. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function errorText(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split('\n').slice(0, 3).join(' | ').slice(0, 300);
}
