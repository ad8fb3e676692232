// Watching a Deno host process from outside (Linux /proc): its resident memory, and Worker threads that
// outlived their end (Deno's terminate() does not stop JavaScript that never yields).
import { readdir, readFile } from 'node:fs/promises';

/**
 * A Worker's thread may take this long to go after it is ended (one ended while loading a library
 * finishes that first; on a loaded machine that takes a while); longer, and it outlived its end.
 */
const THREAD_GRACE_MS = 1_500;
/** Thread counts in a row that must see a thread too many before the host is replaced. */
const EXCESS_POLLS = 3;

export function readRssMb(pid: number): Promise<number | undefined> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (s) => {
      const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(s);
      return m ? Number(m[1]) / 1024 : undefined;
    },
    () => undefined,
  );
}

/** Threads of the process named like Deno's Worker threads ("worker-<n>"). */
export async function countWorkerThreads(pid: number): Promise<number | undefined> {
  try {
    const tids = await readdir(`/proc/${pid}/task`);
    const names = await Promise.all(tids.map((t) => readFile(`/proc/${pid}/task/${t}/comm`, 'utf8').catch(() => '')));
    return names.filter((n) => /^worker-\d+/.test(n)).length;
  } catch {
    return undefined;
  }
}

/** Compares the Worker threads a host has with the Workers it says are live. */
export class ThreadWatch {
  /** Workers the process says it has started and not ended. */
  private liveWorkers = 0;
  private recentEnds: number[] = [];
  private extraThreadPolls = 0;

  /** The host's own count, sent on each change; `ended` when a Worker was just ended. */
  reported(n: number, ended: boolean): void {
    this.liveWorkers = n;
    if (ended) this.recentEnds.push(Date.now());
  }

  /**
   * True once a Worker thread beyond those the process says are live has lasted: a Worker busy in
   * JavaScript that terminate() cannot stop, or one the skill started itself.
   */
  outlived(threads: number | undefined): boolean {
    const now = Date.now();
    this.recentEnds = this.recentEnds.filter((t) => now - t < THREAD_GRACE_MS);
    const expected = this.liveWorkers + this.recentEnds.length;
    this.extraThreadPolls = threads !== undefined && threads > expected ? this.extraThreadPolls + 1 : 0;
    // Starting and ending Workers makes brief excesses (the count arrives after the thread is up);
    // one that lasts is real.
    return this.extraThreadPolls >= EXCESS_POLLS;
  }
}
