import type { InstanceRecord, RunMeta, RunResult } from './record.ts';
import { summarizeRun, type PriceTable } from './run-summary.ts';

/** Score sums over the instances of one split: per round each task is worth 100. */
export function splitSummary(records: readonly InstanceRecord[], split: InstanceRecord['split']) {
  const rs = records.filter((r) => r.split === split);
  return {
    score: Math.round(rs.reduce((s, r) => s + r.score, 0) * 100) / 100,
    max: rs.length * 100,
    passed: rs.filter((r) => r.passed).length,
    instances: rs.length,
  };
}

export function buildRunResult(
  records: readonly InstanceRecord[],
  run: Omit<RunMeta, 'chain'> & { chain?: RunMeta['chain'] },
  prices: PriceTable = {},
): RunResult {
  const first = records[0];
  const sorted = [...records].sort((a, b) => a.split.localeCompare(b.split) || a.taskId.localeCompare(b.taskId) || a.round - b.round);
  const stats = summarizeRun(records, prices);
  return {
    schemaVersion: 2,
    run: { ...run, chain: run.chain ?? first?.chain ?? { mode: 'mirror', chainId: 56, blockNumber: 0 } },
    summary: {
      atomic: splitSummary(records, 'atomic'),
      composite: splitSummary(records, 'composite'),
      ...(records.some((r) => r.split === 'hard') ? { hard: splitSummary(records, 'hard') } : {}),
      outcomes: stats.outcomes,
      stats,
    },
    instances: sorted.map((r) => ({
      taskId: r.taskId,
      split: r.split,
      ...(r.subcategory ? { subcategory: r.subcategory } : {}),
      round: r.round,
      seed: r.seed,
      templateIndex: r.templateIndex,
      params: r.params,
      instruction: r.instruction,
      score: r.score,
      passed: r.passed,
      outcome: r.outcome,
      ...(r.schemaRule ? { schemaRule: r.schemaRule } : {}),
      ...(r.error ? { error: r.error } : {}),
      checks: r.checks,
      latencyMs: r.latencyMs,
      ...(r.tokens ? { tokens: r.tokens } : {}),
      ...(r.cached ? { cached: true } : {}),
      ...(r.answers ? { answers: r.answers } : {}),
      ...(r.composite ? { composite: r.composite } : {}),
      ...(r.hazard ? { hazard: r.hazard } : {}),
      ...(r.mechanisms ? { mechanisms: r.mechanisms } : {}),
      ...(r.expects ? { expects: r.expects } : {}),
      ...(r.note ? { note: r.note } : {}),
      ...(r.refusal ? { refusal: r.refusal } : {}),
      ...(r.risk ? { risk: r.risk } : {}),
      ...(r.riskError ? { riskError: r.riskError } : {}),
      ...(r.quality ? { quality: r.quality } : {}),
      ...(r.walletAgent ? { walletAgent: r.walletAgent } : {}),
    })),
  };
}
