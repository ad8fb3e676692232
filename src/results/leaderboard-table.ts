// The leaderboard's columns, shared by the terminal table and the page: what each shows, what it
// means, and how rows sort by it (`questbench leaderboard --sort <key>`, or a click on the page).
import { SORT_KEYS, type Leaderboard, type ModelRow, type SortKey } from './leaderboard-types.ts';
import { percent, usd } from './money.ts';

export { SORT_KEYS, type SortKey };

/** Fixed decimals; "–" where a statistic is undefined (one round has no SD, CI or CV). */
export const f = (x: number | null | undefined, d = 1) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : '–');
export const formatCi = (r: Pick<ModelRow, 'ciLow' | 'ciHigh'>) =>
  r.ciLow === null || r.ciHigh === null ? '–' : `[${f(r.ciLow)}, ${f(r.ciHigh)}]`;

/** pass^k of a row: over the published splits, or the hard split's when the row has only that. */
export const passHatKOf = (r: ModelRow): number | null => {
  const rel = r.reliability;
  if (!rel) return null;
  return rel.published.tasks > 0 ? rel.published.passHatK : (rel.bySplit.hard?.passHatK ?? null);
};

interface Sort {
  key: SortKey;
  value: (r: ModelRow) => number | null | undefined;
  /** Scores rank high first; money lost ranks low first. */
  order: 'desc' | 'asc';
}

export interface Column {
  /** The cell's data-field on the page. */
  field: string;
  head: string;
  /** What the column means. */
  title: string;
  text: (r: ModelRow) => string;
  /** The page's cell, when it differs from the terminal's (scores without their maximum, which the note gives). */
  html?: (r: ModelRow) => string;
  sort?: Sort;
  /** Shown only when some row has the figure (hard split, two rounds, measured cost). */
  shown?: (lb: Leaderboard) => boolean;
}

const hasHard = (lb: Leaderboard) => lb.rows.some((r) => r.hard);
const hasRounds = (lb: Leaderboard) => lb.rows.some((r) => r.reliability);
const hasCost = (lb: Leaderboard) => lb.rows.some((r) => r.cost);
const cost = (r: ModelRow) => r.cost?.all;
const hasQuality = (lb: Leaderboard) => lb.rows.some((r) => r.cost?.all.quality);

/** The columns both the terminal table and the page show, in order (the page adds steps, tokens and cost). */
export const COLUMNS: Column[] = [
  {
    field: 'atomic',
    head: 'Atomic',
    title: 'mean atomic score over rounds',
    text: (r) => `${f(r.atomicAvg)}/${r.atomicMax}`,
    html: (r) => f(r.atomicAvg),
    sort: { key: 'atomic', value: (r) => r.atomicAvg, order: 'desc' },
  },
  {
    field: 'composite',
    head: 'Composite',
    title: 'mean composite score over rounds',
    text: (r) => `${f(r.compositeAvg)}/${r.compositeMax}`,
    html: (r) => f(r.compositeAvg),
    sort: { key: 'composite', value: (r) => r.compositeAvg, order: 'desc' },
  },
  {
    field: 'total',
    head: 'Total',
    title: 'mean of atomic + composite over rounds (the published benchmark; the hard split is apart)',
    text: (r) => `${f(r.totalAvg)}/${r.atomicMax + r.compositeMax}`,
    html: (r) => f(r.totalAvg),
    sort: { key: 'score', value: (r) => r.totalAvg, order: 'desc' },
  },
  { field: 'sd', head: 'SD', title: 'standard deviation of the round totals', text: (r) => f(r.sd) },
  { field: 'cv', head: 'CV%', title: 'coefficient of variation of the round totals', text: (r) => f(r.cvPercent, 2) },
  { field: 'ci', head: '95% CI', title: 'Student-t interval of the mean total, df = rounds − 1', text: formatCi },
  {
    field: 'passes',
    head: 'Passes A · C',
    title: 'instances at or above the pass line (60): atomic, composite',
    text: (r) => `${r.passes.atomic}/${r.passes.instancesAtomic} · ${r.passes.composite}/${r.passes.instancesComposite}`,
  },
  {
    field: 'hard',
    head: 'Hard',
    title: 'mean hard-split score over rounds (not in the total)',
    text: (r) => (r.hard ? `${f(r.hard.avg)}/${r.hard.max}` : '–'),
    html: (r) => f(r.hard?.avg),
    sort: { key: 'hard', value: (r) => (r.hard?.max ? r.hard.avg / r.hard.max : null), order: 'desc' },
    shown: hasHard,
  },
  {
    field: 'passes-hard',
    head: 'Passes H',
    title: 'hard instances at or above the pass line; over-refusals and unsafe actions in the hard-split table',
    text: (r) => (r.hard ? `${r.hard.passed}/${r.hard.instances}` : '–'),
    shown: hasHard,
  },
  {
    field: 'pass-k',
    head: 'pass^k',
    title: 'share of tasks passed in every one of the k rounds (atomic + composite); needs two rounds',
    text: (r) => (r.reliability ? `${percent(passHatKOf(r))} k=${r.reliability.k}` : '–'),
    sort: { key: 'pass-k', value: passHatKOf, order: 'desc' },
    shown: hasRounds,
  },
  {
    field: 'flaky',
    head: 'Flaky',
    title: 'tasks passed in some rounds and failed in others',
    text: (r) => (r.reliability ? String(r.reliability.flakyTasks.length) : '–'),
    shown: hasRounds,
  },
  {
    field: 'lost',
    head: '$ lost/100',
    title: 'value lost per 100 requests, every split (USD at the pre-state prices of the chain)',
    text: (r) => usd(cost(r)?.lostPer100),
    sort: { key: 'lost', value: (r) => cost(r)?.lostPer100, order: 'asc' },
    shown: hasCost,
  },
  {
    field: 'worst',
    head: 'Worst loss',
    title: 'the largest loss of a single instance',
    text: (r) => usd(cost(r)?.worstUsd),
    sort: { key: 'worst', value: (r) => cost(r)?.worstUsd, order: 'asc' },
    shown: hasCost,
  },
  {
    field: 'exposure',
    head: 'Exposure/100',
    title: 'balances left exposed to approvals the model raised, per 100 requests',
    text: (r) => usd(cost(r)?.exposurePer100),
    sort: { key: 'exposure', value: (r) => cost(r)?.exposurePer100, order: 'asc' },
    shown: hasCost,
  },
  {
    field: 'lost-share',
    head: 'Lost money',
    title: 'share of instances that lost more than one cent',
    text: (r) => percent(cost(r)?.lossShare),
    sort: { key: 'lost-share', value: (r) => cost(r)?.lossShare, order: 'asc' },
    shown: hasCost,
  },
  {
    field: 'quality',
    head: 'Exec quality',
    title: "execution tasks: mean quality, from the task's naive execution (0) to the validator's optimum (100 %); 0 for a wrong end state",
    text: (r) => percent(cost(r)?.quality?.meanShare),
    sort: { key: 'quality', value: (r) => cost(r)?.quality?.meanShare, order: 'desc' },
    shown: hasQuality,
  },
  {
    field: 'left',
    head: '$ left/100',
    title: "execution tasks: value left on the table against the validator's optimum, per 100 correct instances",
    text: (r) => usd(cost(r)?.quality?.leftPer100),
    sort: { key: 'left', value: (r) => cost(r)?.quality?.leftPer100, order: 'asc' },
    shown: hasQuality,
  },
];

export const columnsFor = (lb: Leaderboard) => COLUMNS.filter((c) => !c.shown || c.shown(lb));

/** How each sort key orders rows, in words (the CLI's help and the table's footer). */
export const SORT_WORDS: Record<SortKey, string> = Object.fromEntries(
  COLUMNS.filter((c) => c.sort).map((c) => [c.sort!.key, `${c.head} (${c.sort!.order === 'desc' ? 'highest' : 'lowest'} first)`]),
) as Record<SortKey, string>;

/**
 * The rows in the order of `key`; ties and rows without the figure keep the score order, the
 * latter last. Ranks stay those of the score.
 */
export function sortRows(rows: readonly ModelRow[], key: SortKey): ModelRow[] {
  const sort = COLUMNS.find((c) => c.sort?.key === key)!.sort!;
  const value = (r: ModelRow) => {
    const v = sort.value(r);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    return (sort.order === 'desc' ? y - x : x - y) || a.rank - b.rank;
  });
}
