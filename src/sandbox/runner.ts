// Runs one untrusted skill module and classifies what happened.
//
// Layers of defence, outermost first:
//  - esbuild refuses every import except the vendor bundles (a readable error for the model);
//  - each skill runs in a fresh Web Worker (its own V8 isolate, ended right after its job) inside a
//    long-lived Deno host per proxy port; the Worker's permissions are fixed at creation: net only
//    to the read-only RPC proxy port, read only the vendor bundles, no env/write/run/ffi/sys/import;
//  - the host process has no environment beyond three harmless variables and talks to the harness
//    over a private socket no Worker can open; a per-job token guards the Worker → host channel;
//  - time, output, heap and resident-memory limits. A Worker is ended at its timeout. What a
//    Worker cannot contain takes the host down or gets it replaced: a V8 heap limit aborts the whole
//    process, resident memory past the limit, a Worker thread that outlives its end (Deno's
//    terminate() does not stop JavaScript that never yields, such as an endless loop). Every job
//    that was still on such a host runs again alone in a fresh one, where the failure is its own.
import { extractCode } from './extract.ts';
import { compile, startCompiler } from './compile.ts';
import { pruneDenoCache } from './deno-cache.ts';
import { abortMessage, defaultMaxRssMb, denoDir, SandboxHost, type HostJob, type HostLoss, type HostPayload, type HostResult } from './host.ts';
import { denoBinary } from './paths.ts';
import { RPC_LIMITS } from './rpc-limits.ts';
import { vendorBundles, vendorBundlesIfReady } from './vendor.ts';

export type SandboxOutcome =
  | { kind: 'ok'; value: unknown; logs: string; durationMs: number }
  | {
      kind: 'schema_invalid';
      rule: 'no_code_block' | 'no_export' | 'wrong_signature';
      message: string;
      logs: string;
      durationMs: number;
    }
  | { kind: 'runtime_error'; message: string; logs: string; durationMs: number }
  | { kind: 'timeout'; message: string; logs: string; durationMs: number };

export interface SandboxOptions {
  /** Wall-clock limit for the skill, from when its Worker receives it. Default 30000. */
  timeoutMs?: number;
  /** Limit on console output plus the serialized result. Default 1 MB. */
  maxOutputBytes?: number;
  /** V8 old-space limit of each isolate. Default 256. */
  maxHeapMb?: number;
  /** Resident-memory limit (Linux only), catching ArrayBuffer growth the V8 heap limit does not see. Default 2 × maxHeapMb + 512. */
  maxRssMb?: number;
  /** Ends the skill early, as a runtime_error with the abort reason's message (its instance's chain budget is spent). */
  signal?: AbortSignal;
}

export interface SkillArgs {
  providerUrl: string;
  agentAddress: string;
  deployedContracts: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_OUTPUT = 1024 * 1024;
const DEFAULT_MAX_HEAP_MB = 256;
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

/** JavaScript source as a module URL a Worker can import. */
const moduleUrl = (js: string) => `data:text/javascript;base64,${Buffer.from(js, 'utf8').toString('base64')}`;

function parseProxyPort(providerUrl: string): number {
  let url: URL;
  try {
    url = new URL(providerUrl);
  } catch {
    throw new TypeError(`providerUrl is not a URL: ${providerUrl}`);
  }
  // The sandbox is granted exactly one loopback port; a name like "localhost" could resolve elsewhere.
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1' || url.port === '' || url.username || url.password) {
    throw new TypeError(`providerUrl must be http://127.0.0.1:<port>/..., got ${providerUrl}`);
  }
  return Number(url.port);
}

// ---------------------------------------------------------------------------------------------
// Shared hosts, one per (proxy port, heap limit)

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
    pool.hosts.push(new SandboxHost({ port: pool.port, maxHeapMb: pool.maxHeapMb, vendorDir: pool.vendorDir, solo: false, spares: SPARE_WORKERS }));
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
      const ended = 'done' in result && (result.done.status === 'timeout' || signal?.aborted === true);
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

function runShared(port: number, maxHeapMb: number, vendorDir: string, job: HostJob, signal: AbortSignal | undefined): Promise<HostResult> {
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
        resolve({ done: { status: 'runtime_error', message: abortMessage(signal) }, logs: '' });
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

// ---------------------------------------------------------------------------------------------
// Solo hosts: one job in one fresh process, so whatever ends the process is that job's doing.

let soloRunning = 0;
const soloWaiting: (() => void)[] = [];

async function runSolo(port: number | undefined, maxHeapMb: number, vendorDir: string, job: HostJob, signal?: AbortSignal): Promise<HostResult> {
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

type RawOutcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'schema_invalid'; rule: 'no_export' | 'wrong_signature'; message: string }
  | { kind: 'runtime_error'; message: string }
  | { kind: 'timeout'; message: string };

function fromPayload(p: HostPayload): RawOutcome {
  switch (p.status) {
    case 'ok':
      if (p.value === undefined) return { kind: 'ok', value: undefined };
      try {
        return { kind: 'ok', value: JSON.parse(p.value) };
      } catch {
        return { kind: 'runtime_error', message: 'malformed result from the sandbox' };
      }
    case 'schema_invalid':
      return { kind: 'schema_invalid', rule: p.rule, message: p.message };
    case 'timeout':
      return { kind: 'timeout', message: p.message };
    default:
      return { kind: 'runtime_error', message: p.message };
  }
}

/** What ended a host that ran only this job. */
function fromSoloLoss(why: HostLoss, job: HostJob, maxHeapMb: number): RawOutcome {
  switch (why.kind) {
    case 'memory':
      return { kind: 'runtime_error', message: `memory limit exceeded: resident memory ${Math.round(why.rssMb)} MB > ${job.maxRssMb} MB` };
    case 'stuck':
      return { kind: 'timeout', message: `timed out after ${job.timeoutMs} ms` };
    case 'exit': {
      if (why.stderrTail.startsWith('could not start Deno')) throw new Error(why.stderrTail);
      if (/out of memory|heap limit|allocation failed/i.test(why.stderrTail)) {
        return { kind: 'runtime_error', message: `out of memory: JavaScript heap limit of ${maxHeapMb} MB reached` };
      }
      const how = why.signal ? `was killed by ${why.signal}` : `exited with code ${why.code}`;
      const lastLine = why.stderrTail.trim().split('\n').pop()?.trim();
      return { kind: 'runtime_error', message: `the skill process ${how} without returning a result${lastLine ? ` (${lastLine})` : ''}` };
    }
    default:
      return { kind: 'runtime_error', message: 'the sandbox was shut down before the skill finished' };
  }
}

// ---------------------------------------------------------------------------------------------
// Public API

const counters = { reruns: 0, lost: {} as Partial<Record<HostLoss['kind'], number>> };

/** Jobs run again alone because their shared host went down, by what ended it (for tests and benchmarks). */
export function sandboxStats(): { reruns: number; lost: Partial<Record<HostLoss['kind'], number>> } {
  return { reruns: counters.reruns, lost: { ...counters.lost } };
}

/**
 * Compiles `code` and runs its `executeSkill(providerUrl, agentAddress, deployedContracts)` in a
 * sandbox Worker. Throws only for harness mistakes (bad providerUrl, Deno missing); everything the
 * skill does wrong comes back as an outcome.
 */
export async function runSkill(code: string, args: SkillArgs, opts: SandboxOptions = {}): Promise<SandboxOutcome> {
  const started = performance.now();
  const port = parseProxyPort(args.providerUrl);
  const maxHeapMb = opts.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
  const elapsed = () => Math.round(performance.now() - started);

  const vendor = vendorBundlesIfReady() ?? (await vendorBundles());
  const compiled = await compile(code, vendor);
  if (!compiled.ok) return { kind: 'runtime_error', message: compiled.message, logs: '', durationMs: elapsed() };
  if (!compiled.exports.includes('executeSkill')) {
    const others = compiled.exports.length > 0 ? `; it exports: ${compiled.exports.join(', ')}` : '';
    return {
      kind: 'schema_invalid',
      rule: 'no_export',
      message: `the module has no named export executeSkill (expected \`export async function executeSkill(...)\`)${others}`,
      logs: '',
      durationMs: elapsed(),
    };
  }

  const job: HostJob = {
    src: moduleUrl(compiled.js),
    args: [args.providerUrl, args.agentAddress, args.deployedContracts],
    imports: compiled.imports,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxOutputBytes: opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT,
    maxRssMb: opts.maxRssMb ?? defaultMaxRssMb(maxHeapMb),
    maxFetches: RPC_LIMITS.maxScriptFetches,
  };
  if (opts.signal?.aborted) return { kind: 'runtime_error', message: abortMessage(opts.signal), logs: '', durationMs: elapsed() };
  let result = await runShared(port, maxHeapMb, vendor.dir, job, opts.signal);
  // The host went down under this job and maybe others: run it again alone, which tells whether
  // the failure was its own. Skills only read through the read-only proxy, so a rerun is safe.
  if ('lost' in result && opts.signal?.aborted) result = { done: { status: 'runtime_error', message: abortMessage(opts.signal) }, logs: result.logs };
  if ('lost' in result) {
    counters.reruns++;
    counters.lost[result.why.kind] = (counters.lost[result.why.kind] ?? 0) + 1;
    result = await runSolo(port, maxHeapMb, vendor.dir, job, opts.signal);
  }
  const outcome = 'lost' in result ? fromSoloLoss(result.why, job, maxHeapMb) : fromPayload(result.done);
  return { ...outcome, logs: result.logs, durationMs: elapsed() };
}

/** extractCode + runSkill: a missing code block becomes a `no_code_block` outcome. */
export async function runAnswer(answer: string, args: SkillArgs, opts?: SandboxOptions): Promise<SandboxOutcome> {
  const extracted = extractCode(answer);
  if ('error' in extracted) {
    return { kind: 'schema_invalid', rule: 'no_code_block', message: extracted.error, logs: '', durationMs: 0 };
  }
  return runSkill(extracted.code, args, opts);
}

let preparing: Promise<void> | undefined;

async function warm(): Promise<void> {
  denoBinary(); // fail early with the install hint
  const vendor = await vendorBundles();
  pruneDenoCache(denoDir());
  // Import every bundle once in a Worker with the same flags as real runs, so V8's code cache for
  // them is filled (it is keyed by source and flags) and later Workers skip parsing ~1 MB of JavaScript.
  const urls = [...vendor.urls.values()].sort();
  const js = `${urls.map((u) => `import ${JSON.stringify(u)};`).join('\n')}\nexport function executeSkill() { return 1; }`;
  const job: HostJob = {
    src: moduleUrl(js),
    args: ['', '', {}],
    imports: urls,
    timeoutMs: 120_000,
    maxOutputBytes: DEFAULT_MAX_OUTPUT,
    maxRssMb: 4096,
    maxFetches: RPC_LIMITS.maxScriptFetches,
  };
  const result = await runSolo(undefined, DEFAULT_MAX_HEAP_MB, vendor.dir, job);
  if ('lost' in result || result.done.status !== 'ok') {
    const why = 'lost' in result ? JSON.stringify(result.why) : JSON.stringify(result.done);
    throw new Error(`sandbox warm-up failed: ${why}\n${result.logs}`);
  }
  // Start esbuild's service now rather than in the first timed run.
  await startCompiler();
}

/**
 * Builds the vendor bundles and warms Deno's code cache. Idempotent; concurrent callers in one
 * process share the work, and concurrent processes are safe (atomic rename, Deno's own locking).
 */
export function prepareSandbox(): Promise<void> {
  preparing ??= warm().catch((err: unknown) => {
    preparing = undefined;
    throw err;
  });
  return preparing;
}
