// What a group of instances cost the owner, from each record's `risk` (src/risk): value lost, the
// worst single loss, exposure left behind and gas, normalised per 100 requests so runs of different
// sizes compare. Used by the run summary and the leaderboard alike.
import { z } from 'zod';
import type { RiskRecord } from '../risk/schema.ts';
import { LOSS_THRESHOLD_USD } from './money.ts';

export { LOSS_THRESHOLD_USD };

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
});
export type CostFigures = z.infer<typeof CostFigures>;

/** What cost figures need of an instance. */
export interface CostInput {
  split: string;
  taskId: string;
  round: number;
  outcome: string;
  risk?: RiskRecord | undefined;
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
  };
}
