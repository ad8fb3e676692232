// Shared hosts, one pool per (proxy port, heap limit): jobs wait in line, go to the least loaded host,
// and a host that may still be running a Worker it could not stop is retired, ending once its other
// jobs are done. Solo hosts run one job in one fresh process, so whatever ends the process is that
// job's doing (a job whose shared host went down runs again that way).
import { SandboxHost } from './host.ts';
import { abortMessage, type HostJob, type HostResult } from './host-protocol.ts';

/**
 * Host processes per (proxy port, heap limit). Starting a Worker blocks its host's main thread
 * (15-50 ms); a second host lets a job go around one that is doing so, but on 2 cores it measured
 * no faster, either one at a time or in bursts, and costs ~100 MB more. The pool handles any number.
 */
const HOSTS_PER_POOL = 1;
/** Concurrent skills per host; more wait in line here (bounds the memory of a burst). */
const MAX_LIVE_PER_HOST = 8;
/** Workers each host keeps started ahead, their libraries loaded. */
const SPARE_WORKERS = 2;
/** A host is replaced after this many jobs, bounding whatever a long life accumulates. */
const RECYCLE_AFTER_JOBS = 1_000;
/** Hosts running one job each at a time, when jobs of a failed host are run again. */
const SOLO_CONCURRENCY = 2;

interface Waiting {
  job: HostJob;
  signal: AbortSignal | undefined;
  resolve(result: HostResult): void;
}

interface Pool {
  port: number | undefined;
  maxHeapMb: number;
  vendorDir: string;
  hosts: SandboxHost[];
  queue: Waiting[];
  /** Retired hosts finishing their jobs; each is ended when its last one is done. */
  draining: Set<SandboxHost>;
}

const pools = new Map<string, Pool>();
const poolKey = (port: number | undefined, heap: number) => `${port ?? '-'}/${heap}`;

function retire(pool: Pool, host: SandboxHost): void {
  pool.hosts = pool.hosts.filter((h) => h !== host);
  if (host.inFlight === 0) host.kill({ kind: 'closed' });
  else pool.draining.add(host);
}

/** The host to take the next job: the least loaded, then the one that reported a job longest ago. */
function pickHost(pool: Pool): SandboxHost {
  for (const h of pool.hosts) if (!h.alive || h.served >= RECYCLE_AFTER_JOBS) retire(pool, h);
  // A second host only once the first has work: a lone script starts one process, not two.
  if (pool.hosts.length < HOSTS_PER_POOL && pool.hosts.every((h) => h.inFlight > 0)) {
    pool.hosts.push(
      new SandboxHost({ port: pool.port, maxHeapMb: pool.maxHeapMb, vendorDir: pool.vendorDir, solo: false, spares: SPARE_WORKERS }),
    );
  }
  return pool.hosts.reduce((a, b) => (b.inFlight < a.inFlight || (b.inFlight === a.inFlight && b.lastDoneAt < a.lastDoneAt) ? b : a));
}

function dispatch(pool: Pool): void {
  while (pool.queue.length > 0) {
    const host = pickHost(pool);
    if (host.inFlight >= MAX_LIVE_PER_HOST) return;
    const { job, signal, resolve } = pool.queue.shift()!;
    void host.run(job, signal).then((result) => {
      // A Worker that timed out or was stopped may still be spinning (terminate() cannot stop it):
      // later jobs go to a fresh host, and this one ends once its other jobs are done.
      const ended = 'outcome' in result && (result.outcome.kind === 'timeout' || signal?.aborted === true);
      if (ended && pool.hosts.includes(host)) retire(pool, host);
      if (pool.draining.has(host) && host.inFlight === 0) {
        pool.draining.delete(host);
        host.kill({ kind: 'closed' });
      }
      resolve(result);
      dispatch(pool);
    });
  }
}

/** Where a job runs: the proxy port its host may reach (none: no network), its heap limit, the vendor bundles. */
export interface HostTarget {
  port: number | undefined;
  maxHeapMb: number;
  vendorDir: string;
}

/** Runs a job on a shared host of the pool for (port, heap limit). */
export function runShared(
  { port, maxHeapMb, vendorDir }: HostTarget & { port: number },
  job: HostJob,
  signal: AbortSignal | undefined,
): Promise<HostResult> {
  const key = poolKey(port, maxHeapMb);
  let pool = pools.get(key);
  if (!pool) {
    pool = { port, maxHeapMb, vendorDir, hosts: [], queue: [], draining: new Set() };
    pools.set(key, pool);
  }
  const p = pool;
  return new Promise((resolve) => {
    const waiting: Waiting = { job, signal, resolve };
    // Stopped while still in line: it never starts.
    signal?.addEventListener(
      'abort',
      () => {
        const at = p.queue.indexOf(waiting);
        if (at === -1) return;
        p.queue.splice(at, 1);
        resolve({ outcome: { kind: 'runtime_error', message: abortMessage(signal) }, logs: '' });
      },
      { once: true },
    );
    p.queue.push(waiting);
    dispatch(p);
  });
}

/** Ends the hosts serving a proxy port (all ports if omitted), each once its running jobs are done. */
export function closeSandboxHosts(port?: number): void {
  for (const [key, pool] of pools) {
    if (port !== undefined && pool.port !== port) continue;
    for (const h of pool.hosts) retire(pool, h);
    if (pool.queue.length === 0 && pool.draining.size === 0) pools.delete(key);
  }
}

let soloRunning = 0;
const soloWaiting: (() => void)[] = [];

/** Runs a job alone in a fresh host process (`port` undefined: no network). */
export async function runSolo({ port, maxHeapMb, vendorDir }: HostTarget, job: HostJob, signal?: AbortSignal): Promise<HostResult> {
  if (soloRunning >= SOLO_CONCURRENCY) await new Promise<void>((r) => soloWaiting.push(r));
  soloRunning++;
  const host = new SandboxHost({ port, maxHeapMb, vendorDir, solo: true, spares: 0 });
  try {
    return await host.run(job, signal);
  } finally {
    host.kill({ kind: 'closed' });
    soloRunning--;
    soloWaiting.shift()?.();
  }
}
