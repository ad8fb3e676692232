// The stages of an instance, named where they begin, and the time each may take before it counts as
// stalled. Tests of the harness reach in through one seam (a process-global, never a setting a user
// passes) to make a stage fail or stall, or to hand a session a node that never answers; a run without
// that seam only gets the names and the deadlines.
import { AsyncLocalStorage } from 'node:async_hooks';
import { QuestError } from './errors.ts';

export const STAGES = ['session-open', 'node-start', 'fork-bootstrap', 'provision', 'setup', 'script', 'score', 'record'] as const;
export type Stage = (typeof STAGES)[number];

/** How long the harness's own steps may take before the instance is recorded infra and its chain replaced. */
export interface Deadlines {
  /** Opening a chain session: node start, fork bootstrap, provisioning. */
  sessionMs: number;
  /** Opening one on a fork (its state comes from a remote node, block by block). */
  forkSessionMs: number;
  /** A step of the harness on an open chain: reset and setup, scoring, the cost accounting. */
  stageMs: number;
  /** The same on a fork, whose first reads of each contract go to the remote node. */
  forkStageMs: number;
  /** What a model's part may take beyond its own limits (calls × timeout × attempts, scripts, agents). */
  playSlackMs: number;
  /** A node that is asked whether it is still alive. */
  probeMs: number;
  /** Any one request of the harness to a node: one that never answers fails the step instead. */
  nodeRequestMs: number;
}

export const DEFAULT_DEADLINES: Deadlines = {
  sessionMs: 120_000,
  forkSessionMs: 300_000,
  stageMs: 120_000,
  forkStageMs: 300_000,
  playSlackMs: 120_000,
  probeMs: 5_000,
  nodeRequestMs: 30_000,
};

/** Where a stage is: the instance ("split/taskId/round") whose work reached it. */
export interface StageAt {
  instance: string | undefined;
}

/** What a test installs: see the file comment. */
export interface FaultSeam {
  /** Called as each stage begins; a throw fails the stage, a promise that never settles stalls it. */
  enter?(stage: Stage, at: StageAt): void | Promise<void>;
  /** The URL a chain session reaches its node at, once started. */
  nodeUrl?(url: string, at: StageAt): string;
  deadlines?: Partial<Deadlines>;
}

const SEAM = Symbol.for('evm-questbench.fault-seam');
type Holder = { [SEAM]?: FaultSeam };

/** Installs (or, with undefined, removes) the seam in this process: for the harness's own tests. */
export function installFaultSeam(seam: FaultSeam | undefined): void {
  (globalThis as Holder)[SEAM] = seam;
}

const seam = (): FaultSeam | undefined => (globalThis as Holder)[SEAM];

const current = new AsyncLocalStorage<string>();

/** Runs `fn` as the work of one instance: stages it reaches know which. */
// Only with a seam installed: on Node 20 an AsyncLocalStorage in use hooks every promise of the run.
export const asInstance = <T>(key: string, fn: () => Promise<T>): Promise<T> => (seam() ? current.run(key, fn) : fn());

const at = (): StageAt => ({ instance: current.getStore() });

/** A stage begins. */
export async function enterStage(stage: Stage): Promise<void> {
  await seam()?.enter?.(stage, at());
}

/** A stage that runs synchronously begins: a fault may throw, not stall. */
export function enterStageSync(stage: Stage): void {
  const r = seam()?.enter?.(stage, at());
  if (r) r.catch(() => {});
}

export function nodeUrlFor(url: string): string {
  return seam()?.nodeUrl?.(url, at()) ?? url;
}

export function deadlines(): Deadlines {
  return { ...DEFAULT_DEADLINES, ...seam()?.deadlines };
}

/** A step of the harness that did not finish in its time: the instance is infra, its chain is not reused. */
export class StallError extends QuestError {
  override readonly name = 'StallError';
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super('STALL', `${what} did not finish within ${Math.round(ms / 1000)} s (a node that stopped answering?)`);
  }
}

/** `work`, or a StallError once `ms` has passed; the work itself goes on, unobserved. */
export function withDeadline<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const stall = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StallError(what, ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, stall]).finally(() => clearTimeout(timer));
}
