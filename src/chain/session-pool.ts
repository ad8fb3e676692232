import type { ChainSession } from './session.ts';

/**
 * A worker's chain sessions, one anvil each, opened as concurrent instances need them (up to `max`)
 * and reused: an instance holds its session for its whole run and reverts it first.
 */
export class SessionPool {
  private readonly idle: ChainSession[] = [];
  private readonly all: Promise<ChainSession>[] = [];
  private readonly waiting: { resolve: (s: ChainSession) => void; reject: (e: unknown) => void }[] = [];
  private opening = 0;
  private slots = 0;

  constructor(
    private readonly open: (slot: number) => Promise<ChainSession>,
    private readonly max: number,
  ) {}

  get size(): number {
    return this.all.length;
  }

  async acquire(): Promise<ChainSession> {
    const free = this.idle.pop();
    if (free) return free;
    if (this.all.length + this.opening >= this.max) return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.opening++;
    const slot = ++this.slots;
    try {
      const opened = this.open(slot);
      const s = await opened;
      this.all.push(opened);
      return s;
    } catch (e) {
      // The slot this open held is free again: an instance waiting for one opens it (or gets its error),
      // rather than waiting for a release that may never come.
      const next = this.waiting.shift();
      if (next) queueMicrotask(() => this.acquire().then(next.resolve, next.reject));
      throw e;
    } finally {
      this.opening--;
    }
  }

  release(s: ChainSession): void {
    const next = this.waiting.shift();
    if (next) next.resolve(s);
    else this.idle.push(s);
  }

  async close(): Promise<void> {
    const sessions = await Promise.allSettled(this.all);
    await Promise.all(sessions.map((r) => (r.status === 'fulfilled' ? r.value.close() : undefined)));
  }
}
