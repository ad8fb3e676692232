import { QuestError } from '../errors.ts';
import { mean, percentile, spearmanStability, summarize } from '../stats/index.ts';
import { hardFigures, type HardFigures } from './leaderboard-hard.ts';
import { chainOf, instanceKey, protocolOf, runLabel, type Protocol, type RunResult } from './record.ts';
import { reliabilitySummary, type ReliabilitySummary } from './reliability-summary.ts';
import { sortRows } from './leaderboard-table.ts';
import type { ChainGap, Leaderboard, ModelRow, SortKey } from './leaderboard-types.ts';
import {
  countAnswers,
  defined,
  groupOf,
  paidTokens,
  splitCosts,
  type AnswerCounts,
  type PriceTable,
  type SplitCosts,
} from './run-summary.ts';

type Instance = RunResult['instances'][number];

/** The hard split's version a run played; files written before the split had versions played version 1. */
export const hardVersionOf = (r: RunResult): number | undefined =>
  r.instances.some((i) => i.split === 'hard') ? (r.run.splitVersions?.hard ?? 1) : undefined;

/** Runs of one row played different versions of the hard split; the message says what to pass instead. */
export class MixedSplitVersionsError extends QuestError {
  override name = 'MixedSplitVersionsError';
  constructor(message: string, hint?: string) {
    super('MIXED_SPLIT_VERSIONS', message, { hint });
  }
}

/** A row's hard figures are one split's: runs of different versions have different tasks and maxima. */
function refuseMixedHardVersions(key: string, runs: readonly RunResult[]): void {
  const versions = new Map<number, string[]>();
  for (const r of runs) {
    const v = hardVersionOf(r);
    if (v !== undefined) versions.set(v, [...(versions.get(v) ?? []), r.run.id]);
  }
  if (versions.size < 2) return;
  const list = [...versions].map(([v, ids]) => `version ${v} (${ids.join(', ')})`).join(' and ');
  throw new MixedSplitVersionsError(
    `the runs of ${key} played different versions of the hard split: ${list}. A row cannot merge them (their tasks and maxima differ): pass only the runs of one version, or rerun the older ones.`,
  );
}

/** Runs of the same model (shards of one run, or a resumed run) merge by instance; the last record wins. */
function mergeInstances(runs: RunResult[]): Instance[] {
  const byKey = new Map<string, Instance>();
  for (const r of runs) for (const i of r.instances) byKey.set(instanceKey(i), i);
  return [...byKey.values()];
}

function modelRow(key: string, runs: RunResult[], prices: PriceTable): Omit<ModelRow, 'rank'> {
  const { model } = runs[0]!.run;
  const instances = mergeInstances(runs);
  const rounds = [...new Set(instances.map((i) => i.round))].sort((a, b) => a - b);
  const count = (split: string) => new Set(instances.filter((i) => i.split === split).map((i) => i.taskId)).size;
  const perRound = rounds.map((round) => {
    const rs = instances.filter((i) => i.round === round);
    const atomic = rs.filter((i) => i.split === 'atomic').reduce((s, i) => s + i.score, 0);
    const composite = rs.filter((i) => i.split === 'composite').reduce((s, i) => s + i.score, 0);
    return { round, atomic, composite, total: atomic + composite };
  });
  const totals = summarize(perRound.map((p) => p.total));
  const episodes = instances.filter((i) => i.composite && i.outcome !== 'infra');
  const overheads = episodes.map((i) => i.composite!.kAct - i.composite!.kOpt);
  const byPattern: ModelRow['byPattern'] = {};
  const groups = new Map<string, Instance[]>();
  for (const i of instances.filter((x) => x.split === 'composite')) {
    const k = groupOf(i) ?? '?';
    groups.set(k, [...(groups.get(k) ?? []), i]);
  }
  for (const [k, rs] of groups) {
    const scored = rs.filter((i) => i.composite && i.outcome !== 'infra');
    byPattern[k] = {
      passed: rs.filter((i) => i.passed).length,
      instances: rs.length,
      meanScore: mean(rs.map((i) => i.score)),
      efficiency: scored.length ? mean(scored.map((i) => i.composite!.decay)) : NaN,
    };
  }
  const byTask: Record<string, number> = {};
  for (const key of new Set(instances.map((i) => `${i.split}/${i.taskId}`))) {
    byTask[key] = mean(instances.filter((i) => `${i.split}/${i.taskId}` === key).map((i) => i.score));
  }
  return {
    key,
    model,
    protocol: protocolOf(runs[0]!.run),
    chain: chainOf(runs[0]!.run),
    runs: runs.map((r) => r.run.id),
    rounds,
    perRound,
    atomicAvg: mean(perRound.map((p) => p.atomic)),
    compositeAvg: mean(perRound.map((p) => p.composite)),
    totalAvg: totals.mean,
    atomicMax: count('atomic') * 100,
    compositeMax: count('composite') * 100,
    sd: defined(totals.sd),
    cvPercent: defined(totals.cvPercent),
    ciLow: defined(totals.ciLow),
    ciHigh: defined(totals.ciHigh),
    passes: {
      atomic: instances.filter((i) => i.split === 'atomic' && i.passed).length,
      composite: instances.filter((i) => i.split === 'composite' && i.passed).length,
      instancesAtomic: instances.filter((i) => i.split === 'atomic').length,
      instancesComposite: instances.filter((i) => i.split === 'composite').length,
    },
    hard: hardFigures(instances),
    cost: splitCosts(instances) ?? null,
    reliability: reliabilitySummary(instances),
    steps: episodes.length
      ? {
          meanKAct: mean(episodes.map((i) => i.composite!.kAct)),
          meanKOpt: mean(episodes.map((i) => i.composite!.kOpt)),
          efficiency: mean(episodes.map((i) => i.composite!.decay)),
          overheadMean: mean(overheads),
          shareOverOptimal: overheads.filter((d) => d > 0).length / overheads.length,
          p90: percentile(overheads, 90),
        }
      : null,
    byPattern,
    byTask,
    answers: countAnswers(instances),
    tokens: tokenTotals(model, runs, instances, prices),
  };
}

/**
 * Tokens over the merged instances. Cost from the price table when it has the model; otherwise the
 * runs' own recorded costs, summed only when the runs hold disjoint instances (shards), so nothing is
 * counted twice.
 */
function tokenTotals(model: string, runs: RunResult[], instances: Instance[], prices: PriceTable): ModelRow['tokens'] {
  const price = prices[model];
  const { input, output, reported, cost: priced } = paidTokens(instances, price);
  if (!reported) return null;
  let cost: number | null = null;
  if (price) cost = priced!;
  else {
    const recorded = runs.map((r) => r.summary.stats?.tokens.cost);
    const disjoint = runs.reduce((s, r) => s + r.instances.length, 0) === instances.length;
    if (disjoint && recorded.every((c): c is number => typeof c === 'number')) cost = recorded.reduce((s, c) => s + c, 0);
  }
  return { input, output, cost };
}

const median = (xs: number[]) => percentile(xs, 50);

/**
 * Table-1 style leaderboard over several models' runs, with rank stability, quadrants and step overhead.
 * A row is a model under one protocol: runs of one model under two protocols make two rows.
 */
export function buildLeaderboard(results: RunResult[], prices: PriceTable = {}): Leaderboard {
  const byKey = new Map<string, RunResult[]>();
  for (const r of results) byKey.set(runLabel(r.run), [...(byKey.get(runLabel(r.run)) ?? []), r]);
  for (const [key, runs] of byKey) refuseMixedHardVersions(key, runs);
  const rows = [...byKey.entries()]
    .map(([key, runs]) => modelRow(key, runs, prices))
    .sort((a, b) => b.totalAvg - a.totalAvg || a.key.localeCompare(b.key))
    .map((r, i) => ({ ...r, rank: i + 1 }));
  const medians = { atomicAvg: median(rows.map((r) => r.atomicAvg)), compositeAvg: median(rows.map((r) => r.compositeAvg)) };
  for (const r of rows) {
    r.quadrant = `${r.atomicAvg >= medians.atomicAvg ? 'high' : 'low'} atomic / ${r.compositeAvg >= medians.compositeAvg ? 'high' : 'low'} composite`;
  }
  const allRounds = [...new Set(rows.flatMap((r) => r.rounds))].sort((a, b) => a - b);
  let rankStability: Leaderboard['rankStability'] = null;
  if (rows.length >= 2 && allRounds.length >= 2) {
    const totalsIn = (round: number) => rows.map((r) => r.perRound.find((p) => p.round === round)?.total ?? 0);
    const pairs: { a: number; b: number; rho: number }[] = [];
    for (let i = 0; i < allRounds.length; i++) {
      for (let j = i + 1; j < allRounds.length; j++)
        pairs.push({ a: allRounds[i]!, b: allRounds[j]!, rho: spearmanStability(totalsIn(allRounds[i]!), totalsIn(allRounds[j]!)) });
    }
    const rhos = pairs.map((p) => p.rho).filter(Number.isFinite);
    rankStability = { pairs, mean: mean(rhos), min: Math.min(...rhos), max: Math.max(...rhos) };
  }
  const tasks = [...new Set(rows.flatMap((r) => Object.keys(r.byTask)))].sort();
  const taskGroups: Record<string, string> = {};
  // Hard tasks group by hazard, the family of mistakes they test.
  for (const r of results)
    for (const i of r.instances)
      taskGroups[`${i.split}/${i.taskId}`] ??= (i.split === 'hard' ? i.hazard : undefined) ?? groupOf(i) ?? i.split;
  return { rows, medians, rankStability, tasks, taskGroups, sortedBy: 'score', chainGaps: chainGaps(byKey) };
}

/** The models that ran on more than one chain, compared over the tasks all their chains ran. */
function chainGaps(byKey: ReadonlyMap<string, RunResult[]>): ChainGap[] {
  const byModel = new Map<string, { chain: string; rowKey: string; instances: Instance[] }[]>();
  for (const [rowKey, runs] of byKey) {
    const run = runs[0]!.run;
    const model = runLabel({ ...run, chain: { profile: 'bsc' } });
    byModel.set(model, [...(byModel.get(model) ?? []), { chain: chainOf(run), rowKey, instances: mergeInstances(runs) }]);
  }
  const out: ChainGap[] = [];
  for (const [model, chains] of byModel) {
    if (chains.length < 2) continue;
    const taskKey = (i: Instance) => `${i.split}/${i.taskId}`;
    const sets = chains.map((c) => new Set(c.instances.map(taskKey)));
    const shared = [...sets[0]!].filter((k) => sets.every((s) => s.has(k)));
    const onShared = chains.map((c) => ({ ...c, instances: c.instances.filter((i) => shared.includes(taskKey(i))) }));
    const families = new Map<string, Record<string, number>>();
    for (const c of onShared) {
      const groups = new Map<string, number[]>();
      for (const i of c.instances) {
        const g = groupOf(i) ?? i.split;
        groups.set(g, [...(groups.get(g) ?? []), i.score]);
      }
      for (const [g, scores] of groups) families.set(g, { ...(families.get(g) ?? {}), [c.chain]: mean(scores) });
    }
    out.push({
      model,
      sharedTasks: shared.length,
      chains: onShared.map((c) => ({
        chain: c.chain,
        rowKey: c.rowKey,
        meanScore: mean(c.instances.map((i) => i.score)),
        instances: c.instances.length,
      })),
      families: [...families]
        .map(([family, byChain]) => {
          const v = Object.values(byChain);
          return { family, byChain, gap: Math.max(...v) - Math.min(...v) };
        })
        .sort((a, b) => b.gap - a.gap || a.family.localeCompare(b.family)),
    });
  }
  return out.sort((a, b) => a.model.localeCompare(b.model));
}

/** The same leaderboard with its rows in the order of `key` (ranks stay those of the score). */
export const sortLeaderboard = (lb: Leaderboard, key: SortKey): Leaderboard => ({ ...lb, rows: sortRows(lb.rows, key), sortedBy: key });

export { f, formatCi } from './leaderboard-table.ts';
export { SORT_KEYS, type Leaderboard, type ModelRow, type SortKey } from './leaderboard-types.ts';
export { formatLeaderboard } from './leaderboard-text.ts';
