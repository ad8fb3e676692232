// The harness side of one Deno host process (src/sandbox/deno-host.mjs): starts it, hands it jobs
// over a private unix socket, collects each job's logs and outcome, and watches the process from
// outside: resident memory, Worker threads that outlived their job, and liveness. Whatever ends the
// process, every job still running on it comes back as `lost`, so the caller can run it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pruneDenoCache } from './deno-cache.ts';
import { LogBuffer } from './log-buffer.ts';
import { denoBinary, HOST_PATH, questbenchCacheDir, WORKER_PATH } from './paths.ts';

export interface HostJob {
  /** The compiled skill as a data: URL. */
  src: string;
  args: [string, string, Record<string, string>];
  /** Vendor bundle URLs it imports (sorted): a spare Worker with these loaded is picked. */
  imports: string[];
  timeoutMs: number;
  maxOutputBytes: number;
  maxRssMb: number;
  /** Fetches the skill may have open at once; more wait inside its isolate. */
  maxFetches: number;
}

export type HostPayload =
  | { status: 'ok'; value?: string }
  | { status: 'schema_invalid'; rule: 'no_export' | 'wrong_signature'; message: string }
  | { status: 'runtime_error'; message: string }
  | { status: 'timeout'; message: string };

export type HostResult =
  | { done: HostPayload; logs: string }
  /** The process ended before the job did. `why` says how, for a host that ran this job alone. */
  | { lost: true; why: HostLoss; logs: string };

export type HostLoss =
  | { kind: 'memory'; rssMb: number; limitMb: number }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null; stderrTail: string }
  | { kind: 'stuck'; timeoutMs: number }
  | { kind: 'ghost'; threads: number }
  | { kind: 'closed' };

interface HostOptions {
  /** Proxy port the Workers may reach; undefined: no network at all. */
  port: number | undefined;
  maxHeapMb: number;
  vendorDir: string;
  /** One job and done (crash attribution, warm-up) instead of many concurrent ones. */
  solo: boolean;
  spares: number;
}

const LOG_CAP = 64 * 1024;
const WATCH_MS = 200;
/** How long past a job's own timeout the host may take to report it before it counts as stuck. */
const STUCK_GRACE_MS = 5_000;
/** Resident memory a host may use per live Worker, on top of the largest job limit. */
const PER_WORKER_MB = 64;
/**
 * A Worker's thread may take this long to go after it is ended (one ended while loading a library
 * finishes that first; on a loaded machine that takes a while); longer, and it outlived its end.
 */
const THREAD_GRACE_MS = 1_500;
/** Worker threads are counted every this many polls (it reads a file per thread). */
const THREAD_POLL_EVERY = 3;
/** Thread counts in a row that must see a thread too many before the host is replaced. */
const EXCESS_POLLS = 3;

interface Running {
  job: HostJob;
  logs: LogBuffer;
  resolve(result: HostResult): void;
  deadline: NodeJS.Timeout;
}

/** A job's resident-memory limit when none is given: room for the V8 heap twice over, plus the rest. */
export function defaultMaxRssMb(maxHeapMb: number): number {
  return 2 * maxHeapMb + 512;
}

let workerSource: string | undefined;
const workerBase64 = () => (workerSource ??= readFileSync(WORKER_PATH).toString('base64'));

let denoDirReady = false;
/** DENO_DIR of every host; its compile caches are bounded each time a shared host starts. */
export function denoDir(): string {
  const dir = path.join(questbenchCacheDir(), 'deno');
  if (!denoDirReady) {
    mkdirSync(dir, { recursive: true });
    denoDirReady = true;
  }
  return dir;
}

function readRssMb(pid: number): Promise<number | undefined> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (s) => {
      const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(s);
      return m ? Number(m[1]) / 1024 : undefined;
    },
    () => undefined,
  );
}

/** Threads of the process named like Deno's Worker threads ("worker-<n>"). */
async function countWorkerThreads(pid: number): Promise<number | undefined> {
  try {
    const tids = await readdir(`/proc/${pid}/task`);
    const names = await Promise.all(tids.map((t) => readFile(`/proc/${pid}/task/${t}/comm`, 'utf8').catch(() => '')));
    return names.filter((n) => /^worker-\d+/.test(n)).length;
  } catch {
    return undefined;
  }
}

/** What a job ended by `signal` reports. */
export const abortMessage = (signal: AbortSignal): string => (signal.reason instanceof Error ? signal.reason.message : 'the skill was stopped');

let nextId = 1;
const live = new Set<SandboxHost>();

export class SandboxHost {
  readonly opts: HostOptions;
  private child: ChildProcess | undefined;
  private socket: net.Socket | undefined;
  private server: net.Server;
  private dir: string;
  private outbox: string[] = [];
  private running = new Map<number, Running>();
  private stderrTail = '';
  private watch: NodeJS.Timeout | undefined;
  private recentEnds: number[] = [];
  /** Workers the process says it has started and not ended. */
  private liveWorkers = 0;
  private extraThreadPolls = 0;
  private polls = 0;
  private ended = false;
  /** Jobs handed to this host so far (for recycling). */
  served = 0;
  /** When it last reported a job done: it then starts a replacement Worker, blocking its main thread. */
  lastDoneAt = 0;

  constructor(opts: HostOptions) {
    this.opts = opts;
    // A private directory: the socket is the harness' channel to this one process.
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'qb-host-'));
    const sock = path.join(this.dir, 's');
    for (const p of [sock, opts.vendorDir]) if (p.includes(',')) throw new Error(`sandbox path must not contain a comma: ${p}`);
    this.server = net.createServer((socket) => this.onConnect(socket));
    this.server.maxConnections = 1;
    this.server.listen(sock);
    live.add(this);
    const net_ = [...(opts.port === undefined ? [] : [`127.0.0.1:${opts.port}`]), `unix:${sock}`];
    const args = [
      'run',
      '--no-prompt',
      '--no-remote',
      '--no-npm',
      '--no-config',
      '--no-lock',
      '--unstable-worker-options',
      // The host itself reaches the proxy port and its socket; each Worker gets the port only.
      `--allow-net=${net_.join(',')}`,
      `--allow-read=${opts.vendorDir},${sock}`,
      `--allow-write=${sock}`,
      `--v8-flags=--max-old-space-size=${opts.maxHeapMb}`,
      HOST_PATH,
      sock,
      opts.port === undefined ? '-' : String(opts.port),
      opts.vendorDir,
      String(opts.spares),
    ];
    // Hosts start rarely (per port, per thousand jobs): the moment to keep Deno's caches bounded.
    if (!opts.solo) pruneDenoCache(denoDir());
    const child = spawn(denoBinary(), args, {
      // Nothing of the parent environment: the harness keeps keys there.
      env: { DENO_DIR: denoDir(), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr!.on('data', (c: Buffer) => {
      this.stderrTail = (this.stderrTail + c.toString('utf8')).slice(-4096);
    });
    child.on('error', (err) => this.end({ kind: 'exit', code: null, signal: null, stderrTail: `could not start Deno (${denoBinary()}): ${err.message}` }));
    child.on('close', (code, signal) => this.end({ kind: 'exit', code, signal, stderrTail: this.stderrTail }));
    // An idle host must not keep the harness process alive; a busy one does (see setBusy).
    child.unref();
    (child.stderr as unknown as net.Socket).unref();
    this.server.unref();
    this.watch = setInterval(() => void this.check(), WATCH_MS);
    this.watch.unref();
  }

  get inFlight(): number {
    return this.running.size;
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** Runs a job; `signal` ends it early (its reason's message is the job's runtime_error). */
  run(job: HostJob, signal?: AbortSignal): Promise<HostResult> {
    if (this.ended) return Promise.resolve({ lost: true, why: { kind: 'closed' }, logs: '' });
    const id = nextId++;
    this.served++;
    return new Promise((resolve) => {
      const deadline = setTimeout(() => this.kill({ kind: 'stuck', timeoutMs: job.timeoutMs }), job.timeoutMs + STUCK_GRACE_MS);
      deadline.unref();
      const cancel = () => this.write({ op: 'cancel', id, message: abortMessage(signal!) });
      signal?.addEventListener('abort', cancel, { once: true });
      const done = (result: HostResult) => {
        signal?.removeEventListener('abort', cancel);
        resolve(result);
      };
      this.running.set(id, { job, logs: new LogBuffer(LOG_CAP), resolve: done, deadline });
      this.setBusy();
      this.write({ op: 'run', id, src: job.src, args: job.args, imports: job.imports, timeoutMs: job.timeoutMs, maxOutputBytes: job.maxOutputBytes, maxFetches: job.maxFetches });
    });
  }

  /** Ends the process; running jobs come back as lost with `why`. */
  kill(why: HostLoss): void {
    if (this.ended) return;
    this.end(why);
  }

  private setBusy(): void {
    if (this.running.size > 0) this.child?.ref();
    else this.child?.unref();
  }

  private write(msg: unknown): void {
    const line = `${JSON.stringify(msg)}\n`;
    if (this.socket) this.socket.write(line);
    else this.outbox.push(line);
  }

  private onConnect(socket: net.Socket): void {
    if (this.socket || this.ended) {
      socket.destroy();
      return;
    }
    this.socket = socket;
    // The socket file is no longer needed once the one expected process is connected.
    this.server.close();
    socket.setNoDelay(true);
    socket.on('error', () => {});
    // The process closing its end is followed by its exit, which carries the code and stderr.
    socket.on('close', () => {
      setTimeout(() => this.kill({ kind: 'exit', code: null, signal: null, stderrTail: this.stderrTail }), 1_000).unref();
    });
    socket.unref();
    socket.write(`${JSON.stringify({ op: 'init', worker: workerBase64() })}\n`);
    for (const line of this.outbox) socket.write(line);
    this.outbox = [];
    let carry = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      carry += chunk;
      let nl;
      while ((nl = carry.indexOf('\n')) !== -1) {
        const line = carry.slice(0, nl);
        carry = carry.slice(nl + 1);
        if (line) this.onLine(line);
      }
    });
  }

  private onLine(line: string): void {
    let msg: { id?: number; log?: string; done?: HostPayload; op?: string; n?: number; ended?: boolean };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      return;
    }
    if (msg.op === 'live') {
      this.liveWorkers = msg.n ?? 0;
      if (msg.ended) this.recentEnds.push(Date.now());
      return;
    }
    const r = msg.id === undefined ? undefined : this.running.get(msg.id);
    if (!r) return;
    if (typeof msg.log === 'string') r.logs.push(Buffer.from(msg.log, 'utf8'));
    else if (msg.done) {
      this.running.delete(msg.id!);
      clearTimeout(r.deadline);
      this.lastDoneAt = performance.now();
      this.setBusy();
      r.resolve({ done: msg.done, logs: r.logs.text() });
    }
  }

  /** Resident memory this host may use: the largest job limit, plus a share per live Worker. */
  private rssLimitMb(): number {
    let max = 0;
    for (const r of this.running.values()) max = Math.max(max, r.job.maxRssMb);
    if (this.opts.solo) return max || Infinity;
    return (max || defaultMaxRssMb(this.opts.maxHeapMb)) + PER_WORKER_MB * (this.running.size + this.opts.spares);
  }

  private async check(): Promise<void> {
    const pid = this.child?.pid;
    if (this.ended || pid === undefined || process.platform !== 'linux') return;
    const rss = await readRssMb(pid);
    const limit = this.rssLimitMb();
    if (rss !== undefined && rss > limit) {
      this.kill({ kind: 'memory', rssMb: rss, limitMb: limit });
      return;
    }
    if (this.opts.solo || ++this.polls % THREAD_POLL_EVERY !== 0) return;
    // A Worker thread beyond those the process says are live outlived its end: a Worker busy in
    // JavaScript that terminate() cannot stop, or one the skill started itself.
    const threads = await countWorkerThreads(pid);
    const now = Date.now();
    this.recentEnds = this.recentEnds.filter((t) => now - t < THREAD_GRACE_MS);
    const expected = this.liveWorkers + this.recentEnds.length;
    this.extraThreadPolls = threads !== undefined && threads > expected ? this.extraThreadPolls + 1 : 0;
    // Starting and ending Workers makes brief excesses (the count arrives after the thread is up);
    // one that lasts is real.
    if (this.extraThreadPolls >= EXCESS_POLLS) this.kill({ kind: 'ghost', threads: threads! });
  }

  private end(why: HostLoss): void {
    if (this.ended) return;
    this.ended = true;
    live.delete(this);
    clearInterval(this.watch);
    this.child?.kill('SIGKILL');
    this.socket?.destroy();
    this.server.close();
    rmSync(this.dir, { recursive: true, force: true });
    const lost = [...this.running.values()];
    this.running.clear();
    for (const r of lost) {
      clearTimeout(r.deadline);
      r.resolve({ lost: true, why, logs: r.logs.text() });
    }
  }
}

/** Ends every host of this process at once (process exit). */
function killAllHosts(): void {
  for (const h of [...live]) h.kill({ kind: 'closed' });
}
process.once('exit', killAllHosts);
