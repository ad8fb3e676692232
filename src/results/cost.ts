// What a group of instances cost the owner, from each record's `risk` (src/risk): value lost, the
// worst single loss, exposure left behind and gas, normalised per 100 requests so runs of different
// sizes compare. Used by the run summary and the leaderboard alike.
import { z } from 'zod';
import type { RiskRecord } from '../risk/schema.ts';
import type { QualityRecord } from './quality-record.ts';
import { LOSS_THRESHOLD_USD } from './money.ts';

export { LOSS_THRESHOLD_USD };

/** Execution tasks: how well the correct ones went, and what was left against each instance's optimum. */
export const QualityFigures = z.object({
  instances: z.number().int(),
  /** Mean quality share (0 for an instance whose end state was wrong). */
  meanShare: z.number(),
  /** USD left against the validator's optimum, over the instances with a correct end state to value. */
  leftOnTableUsd: z.number(),
  leftPer100: z.number(),
});
export type QualityFigures = z.infer<typeof QualityFigures>;

export const CostFigures = z.object({
  /** Instances whose cost was measured (records with `risk`). */
  measured: z.number().int(),
  /** Instances without a measurement (infra failures, a failed measurement, files older than the accounting). */
  unmeasured: z.number().int(),
  lostUsd: z.number(),
  lostPer100: z.number(),
  worstUsd: z.number(),
  /** The instance with the worst loss, when anything was lost. */
  worst: z.object({ split: z.string(), taskId: z.string(), round: z.number().int(), lostUsd: z.number() }).nullable(),
  exposureUsd: z.number(),
  exposurePer100: z.number(),
  gasUsd: z.number(),
  /** Instances that lost more than LOSS_THRESHOLD_USD, and their share of the measured ones. */
  lossCount: z.number().int(),
  lossShare: z.number(),
  /** Execution tasks among the instances: their quality and the value left on the table. */
  quality: QualityFigures.optional(),
});
export type CostFigures = z.infer<typeof CostFigures>;

/** What cost figures need of an instance. */
export interface CostInput {
  split: string;
  taskId: string;
  round: number;
  outcome: string;
  risk?: RiskRecord | undefined;
  quality?: QualityRecord | undefined;
}

/** Quality over the execution instances among `instances`, or undefined when there are none. */
export function qualityFigures(instances: readonly Pick<CostInput, 'quality'>[]): QualityFigures | undefined {
  const valued = instances.flatMap((i) => (i.quality ? [i.quality] : []));
  if (!valued.length) return undefined;
  // A wrong end state's loss is value lost against the reference; what is left on the table is the correct ones'.
  const correct = valued.filter((q) => q.detail === undefined);
  const left = correct.reduce((s, q) => s + (q.leftOnTableUsd ?? 0), 0);
  const withValue = correct.length;
  return {
    instances: valued.length,
    meanShare: valued.reduce((s, q) => s + (q.detail === undefined ? q.share : 0), 0) / valued.length,
    leftOnTableUsd: left,
    leftPer100: withValue ? (100 * left) / withValue : 0,
  };
}

/** Lost money, by the threshold. */
export const lostMoney = (risk: Pick<RiskRecord, 'lostUsd'> | undefined): boolean =>
  risk !== undefined && risk.lostUsd > LOSS_THRESHOLD_USD;

/** The figures over `instances`; null when none of them was measured (nothing to say, rather than $0). */
export function costFigures(instances: readonly CostInput[]): CostFigures | null {
  const measured = instances.filter((i): i is CostInput & { risk: RiskRecord } => i.risk !== undefined);
  if (measured.length === 0) return null;
  const sum = (f: (r: RiskRecord) => number) => measured.reduce((s, i) => s + f(i.risk), 0);
  const lostUsd = sum((r) => r.lostUsd);
  const exposureUsd = sum((r) => r.exposureUsd);
  const worst = measured.reduce<(typeof measured)[number] | undefined>(
    (w, i) => (i.risk.lostUsd > (w?.risk.lostUsd ?? 0) ? i : w),
    undefined,
  );
  const lossCount = measured.filter((i) => lostMoney(i.risk)).length;
  const quality = qualityFigures(instances);
  return {
    measured: measured.length,
    unmeasured: instances.length - measured.length,
    lostUsd,
    lostPer100: (100 * lostUsd) / measured.length,
    worstUsd: worst?.risk.lostUsd ?? 0,
    worst: worst ? { split: worst.split, taskId: worst.taskId, round: worst.round, lostUsd: worst.risk.lostUsd } : null,
    exposureUsd,
    exposurePer100: (100 * exposureUsd) / measured.length,
    gasUsd: sum((r) => r.gasUsd),
    lossCount,
    lossShare: lossCount / measured.length,
    ...(quality ? { quality } : {}),
  };
}
