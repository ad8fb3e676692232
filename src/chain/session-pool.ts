import { AsyncResource } from 'node:async_hooks';
import { withDeadline } from '../fault-points.ts';
import type { ChainSession } from './session.ts';

/**
 * A worker's chain sessions, one anvil each, opened as concurrent instances need them (up to `max`)
 * and reused: an instance holds its session for its whole run and reverts it first. A slot whose open
 * failed, or whose session was discarded, is opened again under the same number, so its node (named by
 * the slot) is restarted rather than left running beside a new one.
 */
export class SessionPool {
  private readonly idle: ChainSession[] = [];
  private readonly all = new Map<ChainSession, number>();
  /** Instances waiting for a session; `retry` opens one for them, in their own async context (whose work it is). */
  private readonly waiting: { resolve: (s: ChainSession) => void; reject: (e: unknown) => void; retry: () => void }[] = [];
  private readonly freed: number[] = [];
  private opening = 0;
  private slots = 0;

  constructor(
    private readonly open: (slot: number) => Promise<ChainSession>,
    private readonly max: number,
    /** How long one open may take; past it the caller gets a StallError (the open goes on, and its session joins the pool if it comes). */
    private readonly openMs = 0,
  ) {}

  get size(): number {
    return this.all.size;
  }

  async acquire(): Promise<ChainSession> {
    const free = this.idle.pop();
    if (free) return free;
    if (this.all.size + this.opening >= this.max)
      return new Promise((resolve, reject) =>
        this.waiting.push({ resolve, reject, retry: AsyncResource.bind(() => void this.acquire().then(resolve, reject)) }),
      );
    this.opening++;
    const slot = this.freed.shift() ?? ++this.slots;
    const opened = this.open(slot).then(
      (s) => {
        this.opening--;
        this.all.set(s, slot);
        return s;
      },
      (e: unknown) => {
        this.opening--;
        this.freed.push(slot);
        // The slot this open held is free again: an instance waiting for one opens it (or gets its error),
        // rather than waiting for a release that may never come.
        const next = this.waiting.shift();
        if (next) queueMicrotask(next.retry);
        throw e;
      },
    );
    try {
      return await withDeadline('opening a chain session', this.openMs, opened);
    } catch (e) {
      // An open that comes after its caller gave up serves the next instance instead.
      opened.then((s) => this.release(s)).catch(() => {});
      throw e;
    }
  }

  release(s: ChainSession): void {
    if (!this.all.has(s)) return;
    const next = this.waiting.shift();
    if (next) next.resolve(s);
    else this.idle.push(s);
  }

  /** A session that cannot be trusted any more (a step stalled on it): retired, and its slot opened afresh by the next acquire. */
  discard(s: ChainSession): void {
    const slot = this.all.get(s);
    if (slot === undefined) return;
    this.all.delete(s);
    s.retire();
    this.freed.push(slot);
    const next = this.waiting.shift();
    if (next) queueMicrotask(next.retry);
  }

  async close(): Promise<void> {
    await Promise.all([...this.all.keys()].map((s) => s.close()));
  }
}
