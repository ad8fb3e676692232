// Reliability over rounds as results report it: pass@1 and pass^k per split and over the published
// two, and the tasks that passed in some rounds only (flaky). Defined only with two rounds or more.
import { z } from 'zod';
import { reliability, type Reliability, type RoundOutcome } from '../stats/reliability.ts';

export const SplitReliability = z.object({
  tasks: z.number().int(),
  /** Tasks with all k rounds: the ones pass^k is over. */
  completeTasks: z.number().int(),
  passAt1: z.number().nullable(),
  /** Share of complete tasks passed in every one of the k rounds. */
  passHatK: z.number().nullable(),
  flaky: z.number().int(),
});
export type SplitReliability = z.infer<typeof SplitReliability>;

export const ReliabilitySummary = z.object({
  /** k: the rounds per task. */
  k: z.number().int(),
  /** Atomic and composite together, as the published total counts them. */
  published: SplitReliability,
  bySplit: z.record(z.string(), SplitReliability),
  /** "split/taskId" of every task passed in some rounds and failed in others. */
  flakyTasks: z.array(z.string()),
});
export type ReliabilitySummary = z.infer<typeof ReliabilitySummary>;

const PUBLISHED = new Set(['atomic', 'composite']);

const figures = (r: Reliability): SplitReliability => ({
  tasks: r.tasks,
  completeTasks: r.completeTasks,
  passAt1: Number.isFinite(r.passAt1) ? r.passAt1 : null,
  passHatK: r.passHatK,
  flaky: r.flaky,
});

/**
 * pass^k and flaky tasks over instances; null with fewer than two rounds (one round says nothing of
 * repeats). An infra failure is not the model's: it counts as a missing round, so its task is left out
 * of pass^k rather than counted as failed.
 */
export function reliabilitySummary(instances: readonly (RoundOutcome & { outcome: string })[]): ReliabilitySummary | null {
  const scored = instances.filter((i) => i.outcome !== 'infra');
  // k: the run's rounds (a task with fewer, from an interrupted run, is left out of pass^k).
  const k = new Set(instances.map((i) => i.round)).size;
  if (k < 2) return null;
  const all = reliability(scored, { rounds: k });
  const splits = [...new Set(scored.map((i) => i.split))].sort();
  return {
    k,
    published: figures(
      reliability(
        scored.filter((i) => PUBLISHED.has(i.split)),
        { rounds: k },
      ),
    ),
    bySplit: Object.fromEntries(
      splits.map((s) => [
        s,
        figures(
          reliability(
            scored.filter((i) => i.split === s),
            { rounds: k },
          ),
        ),
      ]),
    ),
    flakyTasks: all.perTask
      .filter((t) => t.flaky)
      .map((t) => `${t.split}/${t.taskId}`)
      .sort(),
  };
}

/** Tasks flaky over `instances`, as "split/taskId" (the heat map's marks); empty with one round. */
export const flakyTasks = (instances: readonly (RoundOutcome & { outcome: string })[]): string[] =>
  reliabilitySummary(instances)?.flakyTasks ?? [];
