// Per-instance accounting of a route: what the instance's scripts asked of the node, the calls they
// may still make and the node time they may still use, and the slots that bound their calls on the
// node at once.
import type { RpcLimits } from './rpc-limits.ts';
import type { CallTrace } from './rpc-policy.ts';

export type BudgetName = 'requests' | 'chain time';

export interface Exhaustion {
  budget: BudgetName;
  /** What the script's refused calls and the instance's record say. */
  message: string;
}

/** What one instance's scripts asked of the node (the largest of each, and totals). */
export interface InstanceUsage {
  /** Calls received, batch elements one by one, refused ones included (a body refused whole counts once). */
  requests: number;
  forwarded: number;
  refused: number;
  /** Time calls were on the node, a batch's calls each counted (ms). */
  upstreamMs: number;
  /** HTTP requests open now (received, not yet answered), and the most at once. */
  open: number;
  peakOpen: number;
  peakInFlight: number;
  maxBatch: number;
  maxBodyBytes: number;
  maxDepth: number;
  /** Largest gas asked of eth_call / eth_estimateGas (0: none named one), and how many named none. */
  maxGas: number;
  callsWithoutGas: number;
  maxLogBlocks: number;
  maxOverrideAccounts: number;
  maxOverrideSlots: number;
  maxOverrideCodeBytes: number;
  /** Slowest single answer from the node (ms), and the largest (bytes). */
  maxCallMs: number;
  maxResponseBytes: number;
  exhausted?: Exhaustion;
}

export const emptyUsage = (): InstanceUsage => ({
  requests: 0,
  forwarded: 0,
  refused: 0,
  upstreamMs: 0,
  open: 0,
  peakOpen: 0,
  peakInFlight: 0,
  maxBatch: 0,
  maxBodyBytes: 0,
  maxDepth: 0,
  maxGas: 0,
  callsWithoutGas: 0,
  maxLogBlocks: 0,
  maxOverrideAccounts: 0,
  maxOverrideSlots: 0,
  maxOverrideCodeBytes: 0,
  maxCallMs: 0,
  maxResponseBytes: 0,
});

/** A FIFO counting semaphore: a holder of `weight` slots waits until that many are free. */
export class Slots {
  used = 0;
  private readonly waiting: { weight: number; grant(): void }[] = [];

  constructor(readonly size: number) {}

  acquire(weight: number, signal: AbortSignal): Promise<void> {
    const w = Math.min(weight, this.size);
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.waiting.length === 0 && this.used + w <= this.size) {
      this.used += w;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        weight: w,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          this.used += w;
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(signal.reason);
        this.pump();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  release(weight: number): void {
    this.used -= Math.min(weight, this.size);
    this.pump();
  }

  private pump(): void {
    while (this.waiting.length > 0 && this.used + this.waiting[0]!.weight <= this.size) this.waiting.shift()!.grant();
  }
}

/** What the running script has used of its own allowance, and the signal that ends it. */
interface ScriptAllowance {
  requests: number;
  upstreamMs: number;
  stop: AbortController;
  exhausted?: Exhaustion;
}

const freshScript = (): ScriptAllowance => ({ requests: 0, upstreamMs: 0, stop: new AbortController() });

/**
 * One instance's allowance on its route, reset when the next instance begins. Each script gets its own
 * allowance (a multi-round episode runs many scripts) within the instance's total: a script that spends
 * its own is ended and its round fails; one that spends the instance's ends the instance's scripts.
 */
export class InstanceBudget {
  readonly usage: InstanceUsage = emptyUsage();
  readonly slots: Slots;
  private script = freshScript();
  private spentAll?: Exhaustion;

  constructor(readonly limits: RpcLimits) {
    this.slots = new Slots(limits.maxInFlight);
  }

  /** The running script may make no more calls: its allowance or the instance's is spent. */
  get exhausted(): Exhaustion | undefined {
    return this.spentAll ?? this.script.exhausted;
  }

  /** Aborted a short grace after a budget is spent: the running script is then ended. */
  get signal(): AbortSignal {
    return this.script.stop.signal;
  }

  /** The next script starts on a fresh allowance of its own, unless the instance's total is spent. */
  nextScript(): void {
    if (!this.spentAll) this.script = freshScript();
  }

  /** Counts one call; false once the running script may make no more. */
  take(): boolean {
    this.usage.requests++;
    this.script.requests++;
    const { requestsPerInstance, requestsPerScript } = this.limits;
    if (this.exhausted) return false;
    if (this.usage.requests > requestsPerInstance)
      this.exhaust('requests', `more than ${requestsPerInstance} JSON-RPC requests to the chain in one instance`, true);
    else if (this.script.requests > requestsPerScript)
      this.exhaust('requests', `more than ${requestsPerScript} JSON-RPC requests to the chain in one script`, false);
    return this.exhausted === undefined;
  }

  answered(bytes: number): void {
    this.usage.maxResponseBytes = Math.max(this.usage.maxResponseBytes, bytes);
  }

  /** Adds the node time of `calls` calls answered together after `ms`. */
  spent(ms: number, calls: number): void {
    this.usage.upstreamMs += ms * calls;
    this.script.upstreamMs += ms * calls;
    this.usage.maxCallMs = Math.max(this.usage.maxCallMs, ms);
    const { upstreamMsPerInstance, upstreamMsPerScript } = this.limits;
    if (this.exhausted) return;
    const onNode = '(time its calls spent on the node)';
    if (this.usage.upstreamMs > upstreamMsPerInstance)
      this.exhaust('chain time', `more than ${upstreamMsPerInstance / 1000} s of chain time in one instance ${onNode}`, true);
    else if (this.script.upstreamMs > upstreamMsPerScript)
      this.exhaust('chain time', `more than ${upstreamMsPerScript / 1000} s of chain time in one script ${onNode}`, false);
  }

  /** HTTP requests received and not yet answered. */
  get open(): number {
    return this.usage.open;
  }

  opened(): void {
    this.usage.open++;
    this.usage.peakOpen = Math.max(this.usage.peakOpen, this.usage.open);
  }

  closed(): void {
    this.usage.open--;
  }

  inFlight(): void {
    this.usage.peakInFlight = Math.max(this.usage.peakInFlight, this.slots.used);
  }

  request(bodyBytes: number, depth: number, batch: number): void {
    const u = this.usage;
    u.maxBodyBytes = Math.max(u.maxBodyBytes, bodyBytes);
    u.maxDepth = Math.max(u.maxDepth, depth);
    u.maxBatch = Math.max(u.maxBatch, batch);
  }

  traced(t: CallTrace): void {
    const u = this.usage;
    if (t.gas !== undefined) {
      if (t.gas === 0) u.callsWithoutGas++;
      u.maxGas = Math.max(u.maxGas, t.gas);
    }
    if (t.logBlocks !== undefined) u.maxLogBlocks = Math.max(u.maxLogBlocks, t.logBlocks);
    if (t.overrideAccounts !== undefined) u.maxOverrideAccounts = Math.max(u.maxOverrideAccounts, t.overrideAccounts);
    if (t.overrideSlots !== undefined) u.maxOverrideSlots = Math.max(u.maxOverrideSlots, t.overrideSlots);
    if (t.overrideCodeBytes !== undefined) u.maxOverrideCodeBytes = Math.max(u.maxOverrideCodeBytes, t.overrideCodeBytes);
  }

  private exhaust(budget: BudgetName, what: string, instance: boolean): void {
    const e = { budget, message: `budget exceeded: ${what}` };
    if (instance) this.spentAll = e;
    else this.script.exhausted = e;
    // The usage report keeps the first budget spent.
    this.usage.exhausted ??= e;
    const stop = this.script.stop;
    setTimeout(() => stop.abort(new Error(e.message)), this.limits.budgetGraceMs).unref();
  }
}
