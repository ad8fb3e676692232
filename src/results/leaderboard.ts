import { mean, percentile, spearmanStability, summarize } from '../stats/index.ts';
import { instanceKey, type RunResult } from './record.ts';
import { countAnswers, defined, groupOf, paidTokens, type AnswerCounts, type PriceTable } from './run-summary.ts';

type Instance = RunResult['instances'][number];

export interface ModelRow {
  rank: number;
  model: string;
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
  /** Each task's subcategory (atomic) or pattern (composite), to group the heat map. */
  taskGroups: Record<string, string>;
}

/** Runs of the same model (shards of one run, or a resumed run) merge by instance; the last record wins. */
function mergeInstances(runs: RunResult[]): Instance[] {
  const byKey = new Map<string, Instance>();
  for (const r of runs) for (const i of r.instances) byKey.set(instanceKey(i), i);
  return [...byKey.values()];
}

function modelRow(model: string, runs: RunResult[], prices: PriceTable): Omit<ModelRow, 'rank'> {
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
    model,
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

/** Table-1 style leaderboard over several models' runs, with rank stability, quadrants and step overhead. */
export function buildLeaderboard(results: RunResult[], prices: PriceTable = {}): Leaderboard {
  const byModel = new Map<string, RunResult[]>();
  for (const r of results) byModel.set(r.run.model, [...(byModel.get(r.run.model) ?? []), r]);
  const rows = [...byModel.entries()]
    .map(([model, runs]) => modelRow(model, runs, prices))
    .sort((a, b) => b.totalAvg - a.totalAvg || a.model.localeCompare(b.model))
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
      for (let j = i + 1; j < allRounds.length; j++) pairs.push({ a: allRounds[i]!, b: allRounds[j]!, rho: spearmanStability(totalsIn(allRounds[i]!), totalsIn(allRounds[j]!)) });
    }
    const rhos = pairs.map((p) => p.rho).filter(Number.isFinite);
    rankStability = { pairs, mean: mean(rhos), min: Math.min(...rhos), max: Math.max(...rhos) };
  }
  const tasks = [...new Set(rows.flatMap((r) => Object.keys(r.byTask)))].sort();
  const taskGroups: Record<string, string> = {};
  for (const r of results) for (const i of r.instances) taskGroups[`${i.split}/${i.taskId}`] ??= groupOf(i) ?? i.split;
  return { rows, medians, rankStability, tasks, taskGroups };
}

/** Fixed decimals; "–" where a statistic is undefined (one round has no SD, CI or CV). */
export const f = (x: number | null | undefined, d = 1) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(d) : '–');
export const formatCi = (r: Pick<ModelRow, 'ciLow' | 'ciHigh'>) => (r.ciLow === null || r.ciHigh === null ? '–' : `[${f(r.ciLow)}, ${f(r.ciHigh)}]`);

export function formatLeaderboard(lb: Leaderboard): string {
  const head = ['Rank', 'Model', 'Atomic', 'Composite', 'Total', 'SD', 'CV%', '95% CI', 'Passes A/C', 'Quadrant'];
  const body = lb.rows.map((r) => [
    String(r.rank),
    `${r.model}${r.answers.replayed ? ' *' : ''}`,
    `${f(r.atomicAvg)}/${r.atomicMax}`,
    `${f(r.compositeAvg)}/${r.compositeMax}`,
    `${f(r.totalAvg)}/${r.atomicMax + r.compositeMax}`,
    f(r.sd),
    f(r.cvPercent, 2),
    formatCi(r),
    `${r.passes.atomic}/${r.passes.instancesAtomic} ${r.passes.composite}/${r.passes.instancesComposite}`,
    r.quadrant ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)];
  out.push('', `Medians: AtomicAvg ${f(lb.medians.atomicAvg)} · CompositeAvg ${f(lb.medians.compositeAvg)}`);
  for (const r of lb.rows.filter((x) => x.answers.replayed)) {
    out.push(`* ${r.model}: ${r.answers.replayed} of ${r.answers.live + r.answers.replayed} answers replayed from the response cache, not asked in this run`);
  }
  if (lb.rankStability) {
    out.push(`Rank stability (Spearman ρ between rounds over model ranks): mean ${f(lb.rankStability.mean, 3)}, min ${f(lb.rankStability.min, 3)}, max ${f(lb.rankStability.max, 3)}`);
  }
  const paid = lb.rows.filter((r) => r.tokens);
  if (paid.length) {
    out.push('', 'Tokens (paid in the runs; replayed answers cost none)');
    for (const r of paid) {
      const t = r.tokens!;
      out.push(`${r.model.padEnd(widths[1]!)}  in ${t.input} · out ${t.output}${t.cost !== null ? ` · cost $${t.cost.toFixed(4)}` : ''}`);
    }
  }
  const steps = lb.rows.filter((r) => r.steps);
  if (steps.length) {
    out.push('', 'Step overhead (composite)', 'Model'.padEnd(widths[1]!) + '  K_act  K_opt  Δ mean  over optimal  P90  efficiency');
    for (const r of steps) {
      const s = r.steps!;
      out.push(
        `${r.model.padEnd(widths[1]!)}  ${f(s.meanKAct, 2).padEnd(5)}  ${f(s.meanKOpt, 2).padEnd(5)}  ${f(s.overheadMean, 2).padEnd(6)}  ${`${f(s.shareOverOptimal * 100)}%`.padEnd(12)}  ${f(s.p90).padEnd(3)}  ${f(s.efficiency, 3)}`,
      );
    }
  }
  return out.join('\n');
}
