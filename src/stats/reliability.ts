// Reliability over rounds: pass@1 (the expected pass rate of one round), pass^k (the share of tasks
// passed in every one of k rounds) and per task a flaky mark (passed in some rounds, failed in others).

/** One instance's outcome, as results record it. */
export interface RoundOutcome {
  taskId: string;
  split: string;
  round: number;
  passed: boolean;
}

export interface TaskReliability {
  taskId: string;
  split: string;
  /** Rounds observed for the task. */
  rounds: number;
  passes: number;
  /** Passed in every round observed. */
  passedAll: boolean;
  /** Passed in some observed rounds and failed in others (needs two rounds or more). */
  flaky: boolean;
  /** Fewer rounds observed than the run's k: left out of pass^k. */
  incomplete: boolean;
}

export interface Reliability {
  /** k: the rounds of the run (given, or the most any task has). */
  rounds: number;
  tasks: number;
  /** Mean over tasks of passes / rounds observed; NaN with no tasks. */
  passAt1: number;
  /** Share of complete tasks passed in all k rounds; null with fewer than 2 rounds (one round says nothing of repeats) or no complete task. */
  passHatK: number | null;
  /** Tasks pass^k is over: those with all k rounds. */
  completeTasks: number;
  flaky: number;
  perTask: TaskReliability[];
}

/** C(n, k) as a float, exact for the small n of benchmark rounds. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * The unbiased estimate of pass^j from n rounds with c passes: C(c, j) / C(n, j), the chance that j
 * rounds drawn from the n all passed. With j = n it is 1 when every round passed, else 0.
 * Throws RangeError unless 1 ≤ j ≤ n and 0 ≤ c ≤ n.
 */
export function passHatEstimate(n: number, c: number, j: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(c) || !Number.isInteger(j) || j < 1 || j > n || c < 0 || c > n) {
    throw new RangeError(`pass^j needs integers 1 ≤ j ≤ n and 0 ≤ c ≤ n, got n=${n} c=${c} j=${j}`);
  }
  return choose(c, j) / choose(n, j);
}

/**
 * pass@1, pass^k and flaky tasks from per-instance outcomes (one split or several: tasks are told apart
 * by split and id). k is `opts.rounds` when given (a run's configured rounds), else the most rounds any
 * task has. A task with fewer than k rounds (an interrupted or partial run) still counts for pass@1 and
 * can be flaky, but is left out of pass^k rather than counted as failed. Throws RangeError when a round
 * of a task appears twice or rounds is not a positive integer.
 */
export function reliability(outcomes: readonly RoundOutcome[], opts: { rounds?: number } = {}): Reliability {
  if (opts.rounds !== undefined && (!Number.isInteger(opts.rounds) || opts.rounds < 1)) {
    throw new RangeError(`rounds must be a positive integer, got ${opts.rounds}`);
  }
  const byTask = new Map<string, { taskId: string; split: string; rounds: Map<number, boolean> }>();
  for (const o of outcomes) {
    const id = `${o.split}/${o.taskId}`;
    const t = byTask.get(id) ?? { taskId: o.taskId, split: o.split, rounds: new Map<number, boolean>() };
    if (t.rounds.has(o.round)) throw new RangeError(`round ${o.round} of ${id} appears twice`);
    t.rounds.set(o.round, o.passed);
    byTask.set(id, t);
  }
  const k = opts.rounds ?? Math.max(0, ...[...byTask.values()].map((t) => t.rounds.size));
  const perTask: TaskReliability[] = [...byTask.values()].map((t) => {
    const rounds = t.rounds.size;
    const passes = [...t.rounds.values()].filter(Boolean).length;
    return {
      taskId: t.taskId,
      split: t.split,
      rounds,
      passes,
      passedAll: passes === rounds,
      flaky: passes > 0 && passes < rounds,
      incomplete: rounds < k,
    };
  });
  const complete = perTask.filter((t) => !t.incomplete);
  const passAt1 = perTask.length === 0 ? Number.NaN : perTask.reduce((s, t) => s + t.passes / t.rounds, 0) / perTask.length;
  const passHatK =
    k < 2 || complete.length === 0 ? null : complete.reduce((s, t) => s + passHatEstimate(t.rounds, t.passes, k), 0) / complete.length;
  return {
    rounds: k,
    tasks: perTask.length,
    passAt1,
    passHatK,
    completeTasks: complete.length,
    flaky: perTask.filter((t) => t.flaky).length,
    perTask,
  };
}

/** reliability() per split, with k shared across them (the run's rounds). */
export function reliabilityBySplit(outcomes: readonly RoundOutcome[], opts: { rounds?: number } = {}): Record<string, Reliability> {
  const rounds = opts.rounds ?? reliability(outcomes).rounds;
  const splits = new Map<string, RoundOutcome[]>();
  for (const o of outcomes) splits.set(o.split, [...(splits.get(o.split) ?? []), o]);
  return Object.fromEntries([...splits].map(([split, list]) => [split, reliability(list, { rounds: Math.max(rounds, 1) })]));
}
