import { randomBytes } from 'node:crypto';
// Runs one untrusted skill module in a locked-down Deno process and classifies what happened.
//
// Layers of defence, outermost first:
//  - esbuild refuses every import except the vendor bundles (a readable error for the model);
//  - Deno permissions: net only to the read-only RPC proxy port, read only the skill file and the
//    vendor dir, no env/write/run/ffi/sys; no remote, npm or jsr modules;
//  - the child environment holds three harmless variables, so even a permission bug leaks nothing;
//  - wall-clock, output-size, V8-heap and resident-memory limits, all enforced by killing the child.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { extractCode } from './extract.ts';
import { ENTRY_PATH, denoBinary, questbenchCacheDir } from './paths.ts';
import { IMPORTABLE, vendorBundles, vendorBundlesIfReady } from './vendor.ts';
import type { VendorBundles } from './vendor.ts';

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
  /** Wall-clock limit for the Deno process. Default 30000. */
  timeoutMs?: number;
  /** Limit on stdout+stderr bytes (the result line included). Default 1 MB. */
  maxOutputBytes?: number;
  /** V8 old-space limit. Default 256. */
  maxHeapMb?: number;
  /** Resident-memory limit (Linux only), catching ArrayBuffer growth the V8 heap limit does not see. Default 2 × maxHeapMb + 512. */
  maxRssMb?: number;
}

export interface SkillArgs {
  providerUrl: string;
  agentAddress: string;
  deployedContracts: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_OUTPUT = 1024 * 1024;
const DEFAULT_MAX_HEAP_MB = 256;
const LOG_CAP = 64 * 1024;
/**
 * The result line is `\0QUEST_RESULT:<token>\0<json>`. The token is random per run and reaches the
 * entry module on stdin before the script loads, so a script that prints a look-alike line cannot
 * forge its result or hide the rest of its output.
 */
const markerFor = (token: string) => Buffer.from(`\u0000QUEST_RESULT:${token}\u0000`, 'utf8');
const RSS_POLL_MS = 200;
const EXIT_GRACE_MS = 250;

// ---------------------------------------------------------------------------------------------
// Compilation

class ImportRejected extends Error {}

function importGate(vendor: VendorBundles): esbuild.Plugin {
  const list = IMPORTABLE.map((s) => `"${s}"`).join(', ');
  return {
    name: 'skill-import-gate',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const url = vendor.urls.get(args.path);
        if (url && args.kind !== 'require-call' && args.kind !== 'require-resolve') return { path: url, external: true };
        const why = url ? `require("${args.path}") is not supported; use import` : `import "${args.path}" is not allowed`;
        return { errors: [{ text: `${why}. Skills may import only: ${list}` }] };
      });
    },
  };
}

let gate: { vendor: VendorBundles; plugin: esbuild.Plugin } | undefined;

function formatEsbuildErrors(errors: esbuild.Message[]): string {
  return errors
    .map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text))
    .join('\n');
}

type Compiled = { ok: true; js: string; exports: string[] } | { ok: false; message: string };

async function compile(code: string, vendor: VendorBundles): Promise<Compiled> {
  if (gate?.vendor !== vendor) gate = { vendor, plugin: importGate(vendor) };
  try {
    const result = await esbuild.build({
      stdin: { contents: code, loader: 'ts', sourcefile: 'skill.ts' },
      // bundle only so every import passes through the gate; all allowed ones stay external.
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'esnext',
      write: false,
      metafile: true,
      sourcemap: 'inline',
      // Keep the project's tsconfig out of skill compilation.
      tsconfigRaw: '{}',
      logLevel: 'silent',
      plugins: [gate.plugin],
    });
    const js = result.outputFiles[0]?.text ?? '';
    const exports = Object.values(result.metafile.outputs).flatMap((o) => o.exports);
    return { ok: true, js, exports };
  } catch (err) {
    const errors = (err as { errors?: esbuild.Message[] }).errors;
    if (errors && errors.length > 0) {
      const gated = errors.some((e) => e.pluginName === 'skill-import-gate');
      return { ok: false, message: `${gated ? 'import error' : 'compile error'}: ${formatEsbuildErrors(errors)}` };
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Output handling

/** Keeps the first and last halves of a stream within a byte budget. */
class LogBuffer {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    const half = this.cap / 2;
    if (this.headBytes < half) {
      const take = chunk.subarray(0, half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      chunk = chunk.subarray(take.length);
      if (chunk.length === 0) return;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes - (this.tail[0]?.length ?? 0) >= half) this.tailBytes -= this.tail.shift()!.length;
  }

  text(): string {
    const head = Buffer.concat(this.head);
    let tail = Buffer.concat(this.tail);
    if (this.total <= this.cap) return Buffer.concat([head, tail]).toString('utf8');
    tail = tail.subarray(tail.length - this.cap / 2);
    const omitted = this.total - head.length - tail.length;
    return `${head.toString('utf8')}\n… [${omitted} bytes of output omitted] …\n${tail.toString('utf8')}`;
  }
}

type ResultPayload =
  | { status: 'ok'; value?: unknown }
  | { status: 'schema_invalid'; rule: 'no_export' | 'wrong_signature'; message: string }
  | { status: 'runtime_error'; message: string; stack?: string };

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

function readRssMb(pid: number): Promise<number | undefined> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (s) => {
      const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(s);
      return m ? Number(m[1]) / 1024 : undefined;
    },
    () => undefined,
  );
}

let denoDirReady = false;
function denoDir(): string {
  const dir = path.join(questbenchCacheDir(), 'deno');
  if (!denoDirReady) {
    mkdirSync(dir, { recursive: true });
    denoDirReady = true;
  }
  return dir;
}

interface SpawnPlan {
  args: string[];
  cwd: string;
  timeoutMs: number;
  maxOutputBytes: number;
  maxHeapMb: number;
  maxRssMb: number;
}

type RawOutcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'schema_invalid'; rule: 'no_export' | 'wrong_signature'; message: string }
  | { kind: 'runtime_error'; message: string }
  | { kind: 'timeout'; message: string };

function denoArgs(
  entryArgs: string[],
  readable: string[],
  netPort: number | undefined,
  maxHeapMb: number,
): string[] {
  for (const p of readable) {
    if (p.includes(',')) throw new Error(`sandbox path must not contain a comma: ${p}`);
  }
  return [
    'run',
    '--no-prompt',
    '--no-remote',
    '--no-npm',
    '--no-config',
    '--no-lock',
    ...(netPort === undefined ? [] : [`--allow-net=127.0.0.1:${netPort}`]),
    `--allow-read=${readable.join(',')}`,
    `--v8-flags=--max-old-space-size=${maxHeapMb}`,
    ENTRY_PATH,
    ...entryArgs,
  ];
}

function spawnDeno(args: string[], cwd: string): ChildProcessWithoutNullStreams {
  const child = spawn(denoBinary(), args, {
    cwd,
    // Nothing of the parent environment: the harness keeps keys there.
    env: { DENO_DIR: denoDir(), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {}); // a child that dies at once closes the pipe early
  return child;
}

/**
 * Runs one Deno process to its result: a fresh one for `plan.args`, or a pre-started standby that is
 * handed its job on stdin. Either way stdin carries the run's token and is then closed.
 */
function runDeno(plan: SpawnPlan, standby?: { child: ChildProcessWithoutNullStreams; job: string }): Promise<{ outcome: RawOutcome; logs: string }> {
  return new Promise((resolve, reject) => {
    const child = standby?.child ?? spawnDeno(plan.args, plan.cwd);
    const token = randomBytes(16).toString('hex');
    const MARKER = markerFor(token);
    child.stdin.end(`${token}\n${standby?.job ?? ''}\n`);
    const logs = new LogBuffer(LOG_CAP);
    let outputBytes = 0;
    let settled = false;
    let carry: Buffer = Buffer.alloc(0);
    let resultChunks: Buffer[] | undefined;
    let stack: string | undefined;
    let stderrTail = '';
    // Set once the result line is in; we then only wait for the exit so late stderr is not lost.
    let reported: RawOutcome | undefined;
    let graceTimer: NodeJS.Timeout | undefined;

    const timer = setTimeout(
      () => finish(reported ?? { kind: 'timeout', message: `timed out after ${plan.timeoutMs} ms` }),
      plan.timeoutMs,
    );
    let rssTimer: NodeJS.Timeout | undefined;
    if (process.platform === 'linux' && child.pid !== undefined) {
      const pid = child.pid;
      rssTimer = setInterval(() => {
        void readRssMb(pid).then((mb) => {
          if (mb !== undefined && mb > plan.maxRssMb) {
            finish({ kind: 'runtime_error', message: `memory limit exceeded: resident memory ${Math.round(mb)} MB > ${plan.maxRssMb} MB` });
          }
        });
      }, RSS_POLL_MS);
      rssTimer.unref();
    }

    function finish(outcome: RawOutcome): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      if (rssTimer) clearInterval(rssTimer);
      // Whatever the child is doing (including a clean exit in progress), it is done for us.
      child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
      if (carry.length > 0 && !reported) logs.push(carry);
      if (stack && outcome === reported) logs.push(Buffer.from(`${stack}\n`));
      resolve({ outcome, logs: logs.text() });
    }

    function countOutput(n: number): boolean {
      outputBytes += n;
      if (outputBytes > plan.maxOutputBytes) {
        finish({ kind: 'runtime_error', message: `output exceeded ${plan.maxOutputBytes} bytes (stdout+stderr)` });
        return false;
      }
      return true;
    }

    function toOutcome(line: Buffer): RawOutcome {
      let payload: ResultPayload;
      try {
        payload = JSON.parse(line.toString('utf8')) as ResultPayload;
      } catch {
        return { kind: 'runtime_error', message: 'malformed result line from the sandbox' };
      }
      switch (payload.status) {
        case 'ok':
          return { kind: 'ok', value: payload.value };
        case 'schema_invalid':
          return { kind: 'schema_invalid', rule: payload.rule, message: payload.message };
        case 'runtime_error':
          if (typeof payload.stack === 'string') stack = payload.stack;
          return { kind: 'runtime_error', message: payload.message };
        default:
          return { kind: 'runtime_error', message: 'malformed result line from the sandbox' };
      }
    }

    function onResultLine(line: Buffer): void {
      reported = toOutcome(line);
      // The entry exits right after writing the line; stderr written just before it may still be in
      // flight on its own pipe, so give the exit a moment before killing.
      graceTimer = setTimeout(() => finish(reported!), EXIT_GRACE_MS);
    }

    function onResultData(chunk: Buffer): void {
      const nl = chunk.indexOf(0x0a);
      if (nl === -1) {
        resultChunks!.push(chunk);
        return;
      }
      resultChunks!.push(chunk.subarray(0, nl));
      onResultLine(Buffer.concat(resultChunks!));
    }

    child.stdout.on('data', (chunk: Buffer) => {
      if (settled || !countOutput(chunk.length)) return;
      if (reported) return;
      if (resultChunks) {
        onResultData(chunk);
        return;
      }
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const at = buf.indexOf(MARKER);
      if (at !== -1) {
        logs.push(buf.subarray(0, at));
        carry = Buffer.alloc(0);
        resultChunks = [];
        onResultData(buf.subarray(at + MARKER.length));
        return;
      }
      // Hold back a trailing fragment that could be the start of a marker split across chunks.
      const nul = buf.lastIndexOf(0, buf.length - 1);
      const keepFrom = nul !== -1 && buf.length - nul < MARKER.length ? nul : buf.length;
      logs.push(buf.subarray(0, keepFrom));
      carry = Buffer.from(buf.subarray(keepFrom));
    });

    child.stderr.on('data', (chunk: Buffer) => {
      if (settled || !countOutput(chunk.length)) return;
      logs.push(chunk);
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4096);
    });

    child.on('error', (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (rssTimer) clearInterval(rssTimer);
      reject(new Error(`could not start Deno (${denoBinary()}): ${err.message}`));
    });

    child.on('close', (code, signal) => {
      if (settled) return;
      if (reported) {
        finish(reported);
        return;
      }
      if (/out of memory|heap limit|allocation failed/i.test(stderrTail)) {
        finish({ kind: 'runtime_error', message: `out of memory: JavaScript heap limit of ${plan.maxHeapMb} MB reached` });
        return;
      }
      if (/Top-level await promise never resolved/.test(stderrTail)) {
        finish({
          kind: 'runtime_error',
          message: 'the skill never finished: it awaited a promise that can never settle (nothing else was pending)',
        });
        return;
      }
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const lastLine = stderrTail.trim().split('\n').pop()?.trim();
      finish({
        kind: 'runtime_error',
        message: `the skill process ${how} without returning a result${lastLine ? ` (${lastLine})` : ''}`,
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Compiles `code` and runs its `executeSkill(providerUrl, agentAddress, deployedContracts)` in Deno.
 * Throws only for harness mistakes (bad providerUrl, Deno missing); everything the skill does wrong
 * comes back as an outcome.
 */
export async function runSkill(code: string, args: SkillArgs, opts: SandboxOptions = {}): Promise<SandboxOutcome> {
  const started = performance.now();
  const port = parseProxyPort(args.providerUrl);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutputBytes = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const maxHeapMb = opts.maxHeapMb ?? DEFAULT_MAX_HEAP_MB;
  const maxRssMb = opts.maxRssMb ?? 2 * maxHeapMb + 512;
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

  const slot = takeStandby(port, maxHeapMb) ?? (await newSlot(port, maxHeapMb, vendor, false));
  // The next instance finds a process already started, its libraries loaded, while this one runs.
  void refillStandby(port, maxHeapMb, vendor).catch(() => {});
  try {
    const file = path.join(slot.dir, 'skill.mjs');
    await writeFile(file, compiled.js);
    const job = { specifier: pathToFileURL(file).href, args: [args.providerUrl, args.agentAddress, args.deployedContracts] };
    const plan = { args: [], cwd: slot.dir, timeoutMs, maxOutputBytes, maxHeapMb, maxRssMb };
    const { outcome, logs } = await runDeno(plan, { child: slot.child, job: JSON.stringify(job) });
    return { ...outcome, logs, durationMs: elapsed() };
  } finally {
    await rm(slot.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Standby processes: each (proxy port, heap limit) keeps one Deno process started ahead, waiting on
// stdin for its job, so a run does not wait for the process start. A standby serves one script and
// exits; it can read only its own empty directory and the vendor bundles.

interface Slot {
  child: ChildProcessWithoutNullStreams;
  dir: string;
}

const standbys = new Map<string, Slot>();
const standbyKey = (port: number, heap: number) => `${port}/${heap}`;

async function newSlot(port: number, maxHeapMb: number, vendor: VendorBundles, preload: boolean): Promise<Slot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'questbench-skill-'));
  const entry = preload ? ['--standby', ...vendor.urls.values()] : ['--standby'];
  const child = spawnDeno(denoArgs(entry, [dir, vendor.dir], port, maxHeapMb), dir);
  return { child, dir };
}

function takeStandby(port: number, maxHeapMb: number): Slot | undefined {
  const key = standbyKey(port, maxHeapMb);
  const slot = standbys.get(key);
  standbys.delete(key);
  if (!slot) return undefined;
  // A standby that died while waiting is replaced by a fresh process.
  if (slot.child.exitCode !== null || slot.child.signalCode !== null) {
    void rm(slot.dir, { recursive: true, force: true });
    return undefined;
  }
  return slot;
}

async function refillStandby(port: number, maxHeapMb: number, vendor: VendorBundles): Promise<void> {
  const key = standbyKey(port, maxHeapMb);
  if (standbys.has(key)) return;
  // Started without loading the libraries: loading both ethers and viem ahead cost more CPU than it
  // saved (measured), and a 2-core run is CPU-bound; the process start alone is hidden for free.
  const slot = await newSlot(port, maxHeapMb, vendor, false);
  if (standbys.has(key)) {
    discard(slot);
    return;
  }
  standbys.set(key, slot);
}

function discard(slot: Slot): void {
  slot.child.kill('SIGKILL');
  rmSync(slot.dir, { recursive: true, force: true });
}

/** Ends the standby processes (e.g. when a worker closes its chain session or exits). */
export function closeStandbys(port?: number): void {
  for (const [key, slot] of standbys) {
    if (port !== undefined && !key.startsWith(`${port}/`)) continue;
    standbys.delete(key);
    discard(slot);
  }
}
process.once('exit', () => closeStandbys());

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
  // Import every bundle once with the same flags as real runs, so V8's code cache for them is
  // filled (it is keyed by source and flags) and later runs skip parsing ~1 MB of JavaScript.
  const { outcome, logs } = await runDeno({
    args: denoArgs(['--warm', ...vendor.urls.values()], [vendor.dir], undefined, DEFAULT_MAX_HEAP_MB),
    cwd: os.tmpdir(),
    timeoutMs: 120_000,
    maxOutputBytes: DEFAULT_MAX_OUTPUT,
    maxHeapMb: DEFAULT_MAX_HEAP_MB,
    maxRssMb: 4096,
  });
  if (outcome.kind !== 'ok') {
    throw new Error(`sandbox warm-up failed: ${outcome.message}\n${logs}`);
  }
  // Start esbuild's service now rather than in the first timed run.
  await esbuild.transform('export {}', { loader: 'ts' });
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
