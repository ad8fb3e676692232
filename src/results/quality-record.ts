import { z } from 'zod';

/**
 * An execution task's quality: the owner's wallet after the model's run (`value`), after the task's naive
 * execution and after the validator's optimum, all in USD at the pre-state's mid prices with gas; `share`
 * is (value − naive) / (optimum − naive) clipped to [0, 1], and `points` what it earned of the task's
 * quality weight (0 unless every check passed). `leftOnTableUsd` is what the model left against the optimum.
 */
export const QualityRecord = z.object({
  weight: z.number(),
  value: z.number().optional(),
  naive: z.number(),
  optimum: z.number(),
  share: z.number().min(0).max(1),
  points: z.number(),
  leftOnTableUsd: z.number().optional(),
  /** Why no quality was counted (a failed check, no end state to value). */
  detail: z.string().optional(),
});
export type QualityRecord = z.infer<typeof QualityRecord>;
