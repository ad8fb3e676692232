import { mean, percentile, spearmanStability, summarize, type Summary } from '../stats/index.ts';
import { costFigures } from './cost.ts';
import type { InstanceRecord } from './record.ts';
import { reliabilitySummary } from './reliability-summary.ts';
import type { AnswerCounts, HardSummary, RateRow, RunSummary, SplitCosts, Spread } from './run-summary-schema.ts';

export { AnswerCounts, HardSummary, RateRow, RunSummary, SplitCosts, Spread } from './run-summary-schema.ts';

/** Cost figures per split present and over every instance; undefined when no instance was measured. */
export function splitCosts(records: readonly Parameters<typeof costFigures>[0][number][]): SplitCosts | undefined {
  const all = costFigures(records);
  if (!all) return undefined;
  const out: SplitCosts = { all };
  for (const split of ['atomic', 'composite', 'hard'] as const) {
    const f = costFigures(records.filter((r) => r.split === split));
    if (f) out[split] = f;
  }
  return out;
}

/** Live and replayed replies over records (records written before the count existed: one reply each). */
export function countAnswers(records: readonly Pick<InstanceRecord, 'answers' | 'cached' | 'outcome'>[]): AnswerCounts {
  let live = 0;
  let replayed = 0;
  for (const r of records) {
    if (r.answers) {
      live += r.answers.live;
      replayed += r.answers.replayed;
    } else if (r.cached) replayed++;
    else if (r.outcome !== 'infra') live++;
  }
  return { live, replayed };
}

const rate = (rs: readonly InstanceRecord[]): RateRow => {
  const passed = rs.filter((r) => r.passed).length;
  return { passed, instances: rs.length, rate: rs.length ? passed / rs.length : 0 };
};

/** A statistic that one round (or none) leaves undefined is null, so the results file says so too. */
export const defined = (x: number): number | null => (Number.isFinite(x) ? x : null);

function spread(values: number[], max: number): Spread {
  const s: Summary = summarize(values);
  return {
    mean: s.mean,
    sd: defined(s.sd),
    ciLow: defined(s.ciLow),
    ciHigh: defined(s.ciHigh),
    halfWidth: defined(s.halfWidth),
    cvPercent: defined(s.cvPercent),
    max,
  };
}

function groupRates(rs: readonly InstanceRecord[], key: (r: InstanceRecord) => string | undefined): Record<string, RateRow> {
  const groups = new Map<string, InstanceRecord[]>();
  for (const r of rs) {
    const k = key(r);
    if (k === undefined) continue;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return Object.fromEntries([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, rate(v)]));
}

export interface PriceTable {
  /** USD per million input / output tokens. */
  [model: string]: { input: number; output: number };
}

/** An instance's outcome as the outcome tally counts it: a schema failure carries its rule ("schema_invalid:<rule>"). */
export const outcomeKey = (r: { outcome: string; schemaRule?: string | undefined }): string =>
  r.outcome === 'schema_invalid' && r.schemaRule ? `schema_invalid:${r.schemaRule}` : r.outcome;

/** The group an instance reports under: its composite pattern, else its subcategory (undefined when it has neither). */
export const groupOf = (i: { composite?: { pattern: string } | undefined; subcategory?: string | undefined }): string | undefined =>
  i.composite?.pattern ?? i.subcategory;

/**
 * Tokens paid over records: cached replies carry no usage, so every recorded token was paid in the
 * run. `reported` counts the records with usage; `cost` (USD) is there only when a price is given.
 */
export function paidTokens(
  records: readonly { tokens?: { input: number; output: number } | undefined }[],
  price?: { input: number; output: number },
): { input: number; output: number; reported: number; cost?: number } {
  const paid = records.filter((r) => r.tokens);
  const input = paid.reduce((s, r) => s + r.tokens!.input, 0);
  const output = paid.reduce((s, r) => s + r.tokens!.output, 0);
  return { input, output, reported: paid.length, ...(price ? { cost: (input * price.input + output * price.output) / 1e6 } : {}) };
}

type TaskCounts = Record<'atomic' | 'composite' | 'hard', number>;

/** How many distinct tasks of each split the records hold. */
function taskCounts(records: readonly InstanceRecord[]): TaskCounts {
  const taskIds = (split: InstanceRecord['split']) => new Set(records.filter((r) => r.split === split).map((r) => r.taskId));
  return { atomic: taskIds('atomic').size, composite: taskIds('composite').size, hard: taskIds('hard').size };
}

/** Each round's score per split; `total` is the published splits' (the hard split only when present). */
function roundTotals(records: readonly InstanceRecord[], rounds: number[], withHard: boolean): RunSummary['perRound'] {
  return rounds.map((round) => {
    const rs = records.filter((r) => r.round === round);
    const sum = (split: string) => rs.filter((r) => r.split === split).reduce((s, r) => s + r.score, 0);
    const atomic = sum('atomic');
    const composite = sum('composite');
    return { round, atomic, composite, total: atomic + composite, ...(withHard ? { hard: sum('hard') } : {}) };
  });
}

/** Spread of each published split's per-round totals and of their sum, against the most a round can score. */
function splitSpreads(perRound: RunSummary['perRound'], tasks: TaskCounts): Pick<RunSummary, 'atomic' | 'composite' | 'total'> {
  return {
    atomic: spread(
      perRound.map((p) => p.atomic),
      tasks.atomic * 100,
    ),
    composite: spread(
      perRound.map((p) => p.composite),
      tasks.composite * 100,
    ),
    total: spread(
      perRound.map((p) => p.total),
      (tasks.atomic + tasks.composite) * 100,
    ),
  };
}

/** Spearman ρ of the per-task scores between every pair of rounds; null under two rounds. */
function roundStability(records: readonly InstanceRecord[], rounds: number[]): RunSummary['spearman'] {
  if (rounds.length < 2) return null;
  const tasks = [...new Set(records.map((r) => `${r.split}/${r.taskId}`))].sort();
  const vector = (round: number) => {
    const byTask = new Map(records.filter((r) => r.round === round).map((r) => [`${r.split}/${r.taskId}`, r.score]));
    return tasks.map((t) => byTask.get(t) ?? 0);
  };
  const pairs: { a: number; b: number; rho: number | null }[] = [];
  for (let i = 0; i < rounds.length; i++) {
    for (let j = i + 1; j < rounds.length; j++)
      pairs.push({ a: rounds[i]!, b: rounds[j]!, rho: defined(spearmanStability(vector(rounds[i]!), vector(rounds[j]!))) });
  }
  // A constant score vector has no rank correlation: such pairs are left out of the mean.
  const rhos = pairs.flatMap((p) => (p.rho === null ? [] : [p.rho]));
  return rhos.length
    ? { pairs, mean: mean(rhos), min: Math.min(...rhos), max: Math.max(...rhos) }
    : { pairs, mean: null, min: null, max: null };
}

/** How many instances ended in each outcome (schema failures by rule). */
function outcomeTally(records: readonly InstanceRecord[]): Record<string, number> {
  const outcomes: Record<string, number> = {};
  for (const r of records) {
    const k = outcomeKey(r);
    outcomes[k] = (outcomes[k] ?? 0) + 1;
  }
  return outcomes;
}

/** Tokens paid, their cost at the model's price (when there is one) and how many instances were replayed. */
function tokenTotals(records: readonly InstanceRecord[], prices: PriceTable): RunSummary['tokens'] {
  const price = records[0] ? prices[records[0].model] : undefined;
  const { input, output, cost } = paidTokens(records, price);
  return {
    input,
    output,
    ...(cost !== undefined ? { cost } : {}),
    cachedInstances: records.filter((r) => r.cached).length,
  };
}

/**
 * Everything a run reports: per-round split totals with mean, SD, Student-t CI and CV; rank
 * stability between rounds; pass rates; step efficiency; the outcome taxonomy; tokens and cost.
 */
export function summarizeRun(records: readonly InstanceRecord[], prices: PriceTable = {}): RunSummary {
  const rounds = [...new Set(records.map((r) => r.round))].sort((a, b) => a - b);
  const tasks = taskCounts(records);
  const perRound = roundTotals(records, rounds, tasks.hard > 0);
  // The published benchmark's statistics stay those of its two splits; the hard split has its own block.
  const published = records.filter((r) => r.split !== 'hard');
  const ofSplit = (split: InstanceRecord['split']) => records.filter((r) => r.split === split);
  return {
    rounds,
    perRound,
    ...splitSpreads(perRound, tasks),
    spearman: roundStability(published, rounds),
    passes: { atomic: rate(ofSplit('atomic')), composite: rate(ofSplit('composite')) },
    steps: stepsOf(published),
    outcomes: outcomeTally(records),
    bySubcategory: groupRates(ofSplit('atomic'), (r) => r.subcategory),
    byPattern: groupRates(ofSplit('composite'), groupOf),
    tokens: tokenTotals(records, prices),
    answers: countAnswers(records),
    ...(tasks.hard
      ? {
          hard: hardSummary(
            ofSplit('hard'),
            perRound.map((p) => p.hard ?? 0),
            tasks.hard,
          ),
        }
      : {}),
    ...optional('cost', splitCosts(records)),
    ...optional('reliability', reliabilitySummary(records) ?? undefined),
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** K_act against K_opt over the multi-round episodes among `records`. */
function stepsOf(records: readonly InstanceRecord[]): RunSummary['steps'] {
  const episodes = records.filter((r) => r.composite && r.outcome !== 'infra');
  if (!episodes.length) return null;
  const overheads = episodes.map((r) => r.composite!.kAct - r.composite!.kOpt);
  return {
    episodes: episodes.length,
    meanKAct: mean(episodes.map((r) => r.composite!.kAct)),
    meanKOpt: mean(episodes.map((r) => r.composite!.kOpt)),
    efficiency: mean(episodes.map((r) => r.composite!.decay)),
    overhead: {
      mean: mean(overheads),
      shareOverOptimal: overheads.filter((d) => d > 0).length / overheads.length,
      p90: percentile(overheads, 90),
    },
  };
}

/** The hard split's block: reported beside the published splits, never in their total. */
function hardSummary(records: readonly InstanceRecord[], perRound: number[], tasks: number): HardSummary {
  return {
    spread: spread(perRound, tasks * 100),
    passes: rate(records),
    byHazard: groupRates(records, (r) => r.hazard),
    byMechanism: groupRates(records, (r) => r.mechanisms?.[0]),
    overRefusals: records.filter((r) => r.outcome === 'refused').length,
    unsafe: records.filter((r) => r.outcome === 'unsafe').length,
    byExpectation: {
      action: rate(records.filter((r) => r.expects !== 'refusal')),
      refusal: rate(records.filter((r) => r.expects === 'refusal')),
    },
    steps: stepsOf(records),
  };
}
