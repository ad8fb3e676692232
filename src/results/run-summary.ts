import { z } from 'zod';
import { mean, percentile, spearmanStability, summarize, type Summary } from '../stats/index.ts';
import { costFigures, CostFigures } from './cost.ts';
import type { InstanceRecord } from './record.ts';
import { reliabilitySummary, ReliabilitySummary } from './reliability-summary.ts';

/** Spread of the per-round totals; null where one round leaves it undefined (never 0). */
export const Spread = z.object({
  mean: z.number(),
  sd: z.number().nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  halfWidth: z.number().nullable(),
  cvPercent: z.number().nullable(),
  /** Maximum score of one round (tasks × 100). */
  max: z.number(),
});
export type Spread = z.infer<typeof Spread>;

export const RateRow = z.object({ passed: z.number(), instances: z.number(), rate: z.number() });
export type RateRow = z.infer<typeof RateRow>;

export const AnswerCounts = z.object({ live: z.number(), replayed: z.number() });
export type AnswerCounts = z.infer<typeof AnswerCounts>;

const Steps = z.object({
  episodes: z.number(),
  meanKAct: z.number(),
  meanKOpt: z.number(),
  /** Mean decay factor (1 = every episode within K_opt). */
  efficiency: z.number(),
  overhead: z.object({ mean: z.number(), shareOverOptimal: z.number(), p90: z.number() }),
});

export const HardSummary = z.object({
  spread: Spread,
  passes: RateRow,
  byHazard: z.record(z.string(), RateRow),
  /** Tasks that expect action: refused anyway (outcome refused). */
  overRefusals: z.number(),
  /** Tasks that expect a refusal: a transaction went through instead (outcome unsafe). */
  unsafe: z.number(),
  /** Pass rates of the tasks that expect action and of those that expect a refusal. */
  byExpectation: z.object({ action: RateRow, refusal: RateRow }),
  steps: Steps.nullable(),
});
export type HardSummary = z.infer<typeof HardSummary>;

export const SplitCosts = z.object({
  atomic: CostFigures.optional(),
  composite: CostFigures.optional(),
  hard: CostFigures.optional(),
  all: CostFigures,
});
export type SplitCosts = z.infer<typeof SplitCosts>;

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

/** What a run reports beside its instances (the `summary.stats` of a results file). */
export const RunSummary = z.object({
  rounds: z.array(z.number()),
  /** Per round: each split's score; `total` is the published benchmark's (atomic + composite), hard is reported beside it. */
  perRound: z.array(
    z.object({ round: z.number(), atomic: z.number(), composite: z.number(), total: z.number(), hard: z.number().optional() }),
  ),
  atomic: Spread,
  composite: Spread,
  total: Spread,
  /** Spearman ρ between every pair of rounds over per-task scores. */
  spearman: z
    .object({
      pairs: z.array(z.object({ a: z.number(), b: z.number(), rho: z.number().nullable() })),
      mean: z.number().nullable(),
      min: z.number().nullable(),
      max: z.number().nullable(),
    })
    .nullable(),
  passes: z.object({ atomic: RateRow, composite: RateRow }),
  steps: Steps.nullable(),
  outcomes: z.record(z.string(), z.number()),
  bySubcategory: z.record(z.string(), RateRow),
  byPattern: z.record(z.string(), RateRow),
  tokens: z.object({ input: z.number(), output: z.number(), cost: z.number().optional(), cachedInstances: z.number() }),
  /** Model replies asked in this run vs replayed from the response cache. */
  answers: AnswerCounts,
  /** The hard split, when the run has it: its spread, passes, per-hazard pass rates, refusals and steps. */
  hard: HardSummary.optional(),
  /** What the model's transactions cost the owner, per split and over all (absent when nothing was measured). */
  cost: SplitCosts.optional(),
  /** pass^k and flaky tasks (two rounds or more). */
  reliability: ReliabilitySummary.optional(),
});
export type RunSummary = z.infer<typeof RunSummary>;

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

/**
 * Everything a run reports: per-round split totals with mean, SD, Student-t CI and CV; rank
 * stability between rounds; pass rates; step efficiency; the outcome taxonomy; tokens and cost.
 */
export function summarizeRun(records: readonly InstanceRecord[], prices: PriceTable = {}): RunSummary {
  const rounds = [...new Set(records.map((r) => r.round))].sort((a, b) => a - b);
  const taskIds = (split: InstanceRecord['split']) => new Set(records.filter((r) => r.split === split).map((r) => r.taskId));
  const nAtomic = taskIds('atomic').size;
  const nComposite = taskIds('composite').size;
  const nHard = taskIds('hard').size;
  const perRound = rounds.map((round) => {
    const rs = records.filter((r) => r.round === round);
    const sum = (split: string) => rs.filter((r) => r.split === split).reduce((s, r) => s + r.score, 0);
    const atomic = sum('atomic');
    const composite = sum('composite');
    return { round, atomic, composite, total: atomic + composite, ...(nHard ? { hard: sum('hard') } : {}) };
  });
  // The published benchmark's statistics stay those of its two splits; the hard split has its own block.
  const published = records.filter((r) => r.split !== 'hard');

  let spearman: RunSummary['spearman'] = null;
  if (rounds.length >= 2) {
    const tasks = [...new Set(published.map((r) => `${r.split}/${r.taskId}`))].sort();
    const vector = (round: number) => {
      const byTask = new Map(published.filter((r) => r.round === round).map((r) => [`${r.split}/${r.taskId}`, r.score]));
      return tasks.map((t) => byTask.get(t) ?? 0);
    };
    const pairs: { a: number; b: number; rho: number | null }[] = [];
    for (let i = 0; i < rounds.length; i++) {
      for (let j = i + 1; j < rounds.length; j++)
        pairs.push({ a: rounds[i]!, b: rounds[j]!, rho: defined(spearmanStability(vector(rounds[i]!), vector(rounds[j]!))) });
    }
    // A constant score vector has no rank correlation: such pairs are left out of the mean.
    const rhos = pairs.flatMap((p) => (p.rho === null ? [] : [p.rho]));
    spearman = rhos.length
      ? { pairs, mean: mean(rhos), min: Math.min(...rhos), max: Math.max(...rhos) }
      : { pairs, mean: null, min: null, max: null };
  }

  const steps = stepsOf(published);

  const outcomes: Record<string, number> = {};
  for (const r of records) {
    const k = outcomeKey(r);
    outcomes[k] = (outcomes[k] ?? 0) + 1;
  }

  const price = records[0] ? prices[records[0].model] : undefined;
  const { input, output, cost } = paidTokens(records, price);

  return {
    rounds,
    perRound,
    atomic: spread(
      perRound.map((p) => p.atomic),
      nAtomic * 100,
    ),
    composite: spread(
      perRound.map((p) => p.composite),
      nComposite * 100,
    ),
    total: spread(
      perRound.map((p) => p.total),
      (nAtomic + nComposite) * 100,
    ),
    spearman,
    passes: { atomic: rate(records.filter((r) => r.split === 'atomic')), composite: rate(records.filter((r) => r.split === 'composite')) },
    steps,
    outcomes,
    bySubcategory: groupRates(
      records.filter((r) => r.split === 'atomic'),
      (r) => r.subcategory,
    ),
    byPattern: groupRates(
      records.filter((r) => r.split === 'composite'),
      groupOf,
    ),
    tokens: {
      input,
      output,
      ...(cost !== undefined ? { cost } : {}),
      cachedInstances: records.filter((r) => r.cached).length,
    },
    answers: countAnswers(records),
    ...(nHard
      ? {
          hard: hardSummary(
            records.filter((r) => r.split === 'hard'),
            perRound.map((p) => p.hard ?? 0),
            nHard,
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
    overRefusals: records.filter((r) => r.outcome === 'refused').length,
    unsafe: records.filter((r) => r.outcome === 'unsafe').length,
    byExpectation: {
      action: rate(records.filter((r) => r.expects !== 'refusal')),
      refusal: rate(records.filter((r) => r.expects === 'refusal')),
    },
    steps: stepsOf(records),
  };
}
