// The shape of a run's summary (the `summary.stats` of a results file), as the results file validates it.
import { z } from 'zod';
import { CostFigures } from './cost.ts';
import { ReliabilitySummary } from './reliability-summary.ts';

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

export const Steps = z.object({
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
  /** Per deciding mechanism (the task's first): absent in files written before tasks named their mechanisms. */
  byMechanism: z.record(z.string(), RateRow).optional(),
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
