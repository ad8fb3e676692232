import type { NodePool } from '../chain/node-pool.ts';
import type { ChainState } from '../chain/chain-states.ts';
import type { InstanceRecord } from '../results/record.ts';
import { POLL_MS, type Claim, type ControlHandlers, type PlannedInstance } from './control.ts';

interface Lease {
  worker: string;
  project: string;
  generation: number;
  beat: number;
}

/** A worker that has not been heard from for this long has lost its leases. */
const LEASE_TTL_MS = 20_000;

/**
 * Hands out a run's instances so that `concurrency` of them are in flight at once, however many
 * Vitest workers there are: each worker runs the tests Vitest gives it and, beside them, leases
 * instances of tests still to come. A test finds its own instance queued (and runs it), running
 * elsewhere (and waits for it), or done (and reports it). Lives in the main process, one for all the
 * run's benchmark projects, so the cap holds for the run as a whole.
 */
export class Dispatcher {
  private readonly generations = new Map<string, number>();
  private queue: (PlannedInstance & { project: string })[] = [];
  private readonly leases = new Map<string, Lease>();
  private readonly results = new Map<string, { project: string; record: InstanceRecord }>();
  private readonly waiters = new Map<string, ((r: InstanceRecord | undefined) => void)[]>();
  private readonly idle: (() => void)[] = [];
  private readonly reaper: NodeJS.Timeout;

  constructor(readonly concurrency: number) {
    this.reaper = setInterval(() => this.reap(), LEASE_TTL_MS / 4);
    this.reaper.unref();
  }

  /** A new run (or a watch-mode rerun) replaces a project's plan; its earlier results are not reused. */
  setPlan(project: string, plan: readonly PlannedInstance[]): void {
    this.generations.set(project, this.generation(project) + 1);
    const dropped = this.queue.filter((p) => p.project === project).map((p) => p.key);
    // The longest chains of model calls start first, so the run does not end waiting on one of them.
    this.queue = [...this.queue.filter((p) => p.project !== project), ...plan.map((p) => ({ ...p, project }))].sort(
      (a, b) => (b.weight ?? 1) - (a.weight ?? 1),
    );
    for (const [key, r] of [...this.results]) if (r.project === project) this.results.delete(key);
    for (const [key, p] of [...this.testOnly]) if (p === project) this.testOnly.delete(key);
    for (const [key, lease] of [...this.leases]) if (lease.project === project) this.drop(key);
    // Tests waiting on a queued instance of the old plan claim again.
    for (const key of dropped) if (!this.leases.has(key)) this.drop(key);
    this.wake();
  }

  get inFlight(): number {
    return this.leases.size;
  }

  /**
   * A test asks for its own instance (described by `instance`, in case it was never planned). Below
   * the cap it runs it now, ahead of the background; at the cap the instance goes to the front of the
   * queue and the test waits for the next free slot to run it: the cap also bounds model calls in
   * flight, so it holds for tests too.
   */
  claim(key: string, worker: string, instance?: PlannedInstance): Claim {
    const done = this.results.get(key);
    if (done) return { action: 'done', record: done.record };
    if (this.leases.has(key)) return { action: 'wait' };
    const queued = this.queue.find((p) => p.key === key);
    // Planned instances belong to the project that planned them; one never planned, to its split.
    const project = queued?.project ?? this.projectOf.get(key) ?? instance?.split ?? key.split('/')[0]!;
    // An instance a background slot could not load runs in its own test, where the problem shows.
    if (this.leases.size < this.concurrency || this.testOnly.has(key) || (!queued && !instance)) {
      this.queue = this.queue.filter((p) => p.key !== key);
      this.take(key, worker, project);
      return { action: 'run' };
    }
    this.queue = [queued ?? { ...instance!, project }, ...this.queue.filter((p) => p.key !== key)];
    return { action: 'wait' };
  }

  /** Instances a background slot could not load, by project: their own tests run them. */
  private readonly testOnly = new Map<string, string>();

  /** The next planned instance (of any project of the run) for a background slot, while the run is below its concurrency. */
  lease(worker: string): PlannedInstance | undefined {
    if (this.leases.size >= this.concurrency) return undefined;
    const head = this.queue.shift();
    if (!head) return undefined;
    const { project, ...next } = head;
    this.take(next.key, worker, project);
    return next;
  }

  /** Waits until lease() could hand something out, or `ms` passes. */
  whenLeasable(ms: number): Promise<void> {
    if (this.leases.size < this.concurrency && this.queue.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.idle.push(done);
    });
  }

  /** A finished instance; a record from an earlier generation (a rerun started meanwhile) is dropped. */
  done(key: string, worker: string, record: InstanceRecord): void {
    const lease = this.leases.get(key);
    if (!lease || lease.worker !== worker || lease.generation !== this.generation(lease.project)) return;
    this.leases.delete(key);
    this.results.set(key, { project: lease.project, record });
    for (const w of this.waiters.get(key) ?? []) w(record);
    this.waiters.delete(key);
    this.wake();
  }

  /**
   * A worker gives up an instance (it could not load or run it in the background): it is left to its
   * own test, which runs it where the problem shows up as that test's failure.
   */
  release(key: string, worker: string): void {
    const lease = this.leases.get(key);
    if (lease?.worker !== worker) return;
    this.testOnly.set(key, lease.project);
    this.drop(key);
    this.wake();
  }

  beat(worker: string): void {
    const now = Date.now();
    for (const l of this.leases.values()) if (l.worker === worker) l.beat = now;
  }

  /** Resolves with the record, or undefined when the instance lost its slot (claim it again). */
  wait(key: string): Promise<InstanceRecord | undefined> {
    const done = this.results.get(key);
    if (done) return Promise.resolve(done.record);
    if (!this.leases.has(key) && !this.queue.some((p) => p.key === key)) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.set(key, [...(this.waiters.get(key) ?? []), resolve]));
  }

  close(): void {
    clearInterval(this.reaper);
    for (const key of [...this.leases.keys()]) this.drop(key);
    this.wake();
  }

  private generation(project: string): number {
    return this.generations.get(project) ?? 0;
  }

  private take(key: string, worker: string, project: string): void {
    this.projectOf.set(key, project);
    this.leases.set(key, { worker, project, generation: this.generation(project), beat: Date.now() });
  }

  private readonly projectOf = new Map<string, string>();

  private drop(key: string): void {
    this.leases.delete(key);
    for (const w of this.waiters.get(key) ?? []) w(undefined);
    this.waiters.delete(key);
  }

  // Leases of a worker that stopped beating (killed, hung) are not coming back: their tests claim again.
  private reap(): void {
    const now = Date.now();
    for (const [key, lease] of [...this.leases]) if (now - lease.beat > LEASE_TTL_MS) this.drop(key);
    this.wake();
  }

  private wake(): void {
    for (const f of this.idle.splice(0)) f();
  }
}

/** The control routes over a run's dispatcher and nodes. */
export function dispatcherHandlers(dispatcher: Dispatcher, nodes: { pool(state: ChainState): Promise<NodePool> }): ControlHandlers {
  return {
    claim: ({ key, worker, instance }) => dispatcher.claim(key, worker, instance),
    wait: async ({ key }) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), POLL_MS)));
      const r = await Promise.race([dispatcher.wait(key), timeout]);
      clearTimeout(timer);
      return r === 'pending' ? { pending: true } : r ? { record: r } : { requeued: true };
    },
    lease: async ({ worker }) => {
      let next = dispatcher.lease(worker);
      if (!next) {
        await dispatcher.whenLeasable(POLL_MS);
        next = dispatcher.lease(worker);
      }
      return next ? { instance: next } : {};
    },
    done: ({ key, worker, record }) => {
      dispatcher.done(key, worker, record);
      return {};
    },
    release: ({ worker, instance }) => {
      dispatcher.release(instance.key, worker);
      return {};
    },
    beat: ({ worker }) => {
      dispatcher.beat(worker);
      return {};
    },
    node: async ({ id, state }) => ({ url: (await (await nodes.pool(state)).restart(id)).url }),
  };
}
