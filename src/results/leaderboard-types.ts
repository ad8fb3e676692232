// The leaderboard's shapes, apart from the code that builds, sorts and prints them, so each of those
// can name them without importing the others.
import type { HardFigures } from './leaderboard-hard.ts';
import type { Protocol } from './record.ts';
import type { ReliabilitySummary } from './reliability-summary.ts';
import type { AnswerCounts, SplitCosts } from './run-summary.ts';

export const SORT_KEYS = [
  'score',
  'atomic',
  'composite',
  'hard',
  'pass-k',
  'lost',
  'worst',
  'exposure',
  'lost-share',
  'quality',
  'left',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface ModelRow {
  /** Rank by mean total score (the published splits), whatever order the rows are shown in. */
  rank: number;
  /** The row's name: the model, with the protocol when it is not the paper's text protocol ("openai:gpt-5 · tools"). */
  key: string;
  model: string;
  protocol: Protocol;
  /** The chain profile the row's runs played on (bsc, base). */
  chain: string;
  runs: string[];
  rounds: number[];
  perRound: { round: number; atomic: number; composite: number; total: number }[];
  atomicAvg: number;
  compositeAvg: number;
  totalAvg: number;
  atomicMax: number;
  compositeMax: number;
  /** Spread over rounds; null with a single round (undefined, not 0). */
  sd: number | null;
  cvPercent: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  passes: { atomic: number; composite: number; instancesAtomic: number; instancesComposite: number };
  /** The hard split, beside the published ones (never in the total); null without hard instances. */
  hard: HardFigures | null;
  /** What the model's transactions cost the owner, per split and over all; null when no instance was measured. */
  cost: SplitCosts | null;
  /** pass^k beside pass@1, and the flaky tasks; null with one round. */
  reliability: ReliabilitySummary | null;
  quadrant?: string;
  steps: { meanKAct: number; meanKOpt: number; efficiency: number; overheadMean: number; shareOverOptimal: number; p90: number } | null;
  /** Per composite pattern: passes, the mean score (decay included) and the mean decay factor (step efficiency). */
  byPattern: Record<string, { passed: number; instances: number; meanScore: number; efficiency: number }>;
  /** Mean score per task (split/taskId) over rounds, for the heat map. */
  byTask: Record<string, number>;
  /** Model replies asked live vs replayed from the response cache; a row with replays is marked. */
  answers: AnswerCounts;
  /** Tokens paid over the merged instances; cost in USD when a price is known (null otherwise); null when no instance reported usage. */
  tokens: { input: number; output: number; cost: number | null } | null;
}

export interface Leaderboard {
  rows: ModelRow[];
  medians: { atomicAvg: number; compositeAvg: number };
  /** Spearman ρ between rounds over the models' total-score ranks. */
  rankStability: { pairs: { a: number; b: number; rho: number }[]; mean: number; min: number; max: number } | null;
  tasks: string[];
  /** Each task's subcategory (atomic), pattern (composite) or hazard (hard), to group the heat map. */
  taskGroups: Record<string, string>;
  /** The order of `rows` (the score by default; see SORT_KEYS). */
  sortedBy: SortKey;
  /** Each model (under one protocol) that ran on more than one chain: its score per chain and where they part. */
  chainGaps: ChainGap[];
}

/**
 * One model on several chains, over the tasks every one of its chains ran (a chain may carry fewer), so
 * the scores compare like with like: the mean score per instance on each chain, and the task families
 * (subcategories, patterns) whose means differ most between the first chain and another, largest first.
 */
export interface ChainGap {
  /** The row key without the chain ("openai:gpt-5", "openai:gpt-5 · tools"). */
  model: string;
  /** The tasks (split/taskId) every chain of the model ran. */
  sharedTasks: number;
  chains: { chain: string; rowKey: string; meanScore: number; instances: number }[];
  /** By family: the mean score on each chain, and the largest difference between two of them. */
  families: { family: string; byChain: Record<string, number>; gap: number }[];
}
