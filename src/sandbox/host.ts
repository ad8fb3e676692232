// The harness side of one Deno host process (src/sandbox/deno-host.mjs): starts it, hands it jobs
// over a private unix socket, collects each job's logs and outcome, and watches the process from
// outside: resident memory, Worker threads that outlived their job, and liveness. Whatever ends the
// process, every job still running on it comes back as `lost`, so the caller can run it again.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { QuestError } from '../errors.ts';
import { spawnDenoHost, type HostOptions } from './host-process.ts';
import {
  abortMessage,
  encodeLine,
  parseHostLine,
  readLines,
  type HarnessMessage,
  type HostJob,
  type HostLoss,
  type HostResult,
} from './host-protocol.ts';
import { countWorkerThreads, readRssMb, ThreadWatch } from './host-watch.ts';
import { LogBuffer } from './log-buffer.ts';
import { denoBinary } from './paths.ts';
import { workerSourceBase64 } from './worker-source.ts';

const LOG_CAP = 64 * 1024;
const WATCH_MS = 200;
/** How long past a job's own timeout the host may take to report it before it counts as stuck. */
const STUCK_GRACE_MS = 5_000;
/** Resident memory a host may use per live Worker, on top of the largest job limit. */
const PER_WORKER_MB = 64;
/** Worker threads are counted every this many polls (it reads a file per thread). */
const THREAD_POLL_EVERY = 3;

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
  private threads = new ThreadWatch();
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
    for (const p of [sock, opts.vendorDir]) {
      if (p.includes(','))
        throw new QuestError('SANDBOX_PATH', `sandbox path must not contain a comma: ${p}`, {
          hint: "move the project, or set TMPDIR, to a path without a comma: Deno's permission lists are comma-separated",
        });
    }
    this.server = net.createServer((socket) => this.onConnect(socket));
    this.server.maxConnections = 1;
    this.server.listen(sock);
    live.add(this);
    const child = spawnDenoHost(opts, sock);
    this.child = child;
    child.stderr!.on('data', (c: Buffer) => {
      this.stderrTail = (this.stderrTail + c.toString('utf8')).slice(-4096);
    });
    child.on('error', (err) =>
      this.end({ kind: 'exit', code: null, signal: null, stderrTail: `could not start Deno (${denoBinary()}): ${err.message}` }),
    );
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
      const { src, args, imports, timeoutMs, maxOutputBytes, maxFetches } = job;
      this.write({ op: 'run', id, src, args, imports, timeoutMs, maxOutputBytes, maxFetches });
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

  private write(msg: HarnessMessage): void {
    const line = encodeLine(msg);
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
    socket.write(encodeLine({ op: 'init', worker: workerSourceBase64() }));
    for (const line of this.outbox) socket.write(line);
    this.outbox = [];
    readLines(socket, (line) => this.onLine(line));
  }

  private onLine(line: string): void {
    // The host is ours; a line it cannot have sent is ignored, like one that is not JSON.
    const msg = parseHostLine(line);
    if (!msg) return;
    if ('op' in msg) {
      this.threads.reported(msg.n, msg.ended === true);
      return;
    }
    const r = this.running.get(msg.id);
    if (!r) return;
    if ('log' in msg) r.logs.push(Buffer.from(msg.log, 'utf8'));
    else {
      this.running.delete(msg.id);
      clearTimeout(r.deadline);
      this.lastDoneAt = performance.now();
      this.setBusy();
      r.resolve({ outcome: msg.outcome, logs: r.logs.text() });
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
    const threads = await countWorkerThreads(pid);
    if (this.threads.outlived(threads)) this.kill({ kind: 'ghost', threads: threads! });
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
