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
import { QuestError } from '../errors.ts';
import { compile } from './compile.ts';
import { extractCode } from './extract.ts';
import { defaultMaxRssMb } from './host.ts';
import { runShared, runSolo, type HostTarget } from './host-pool.ts';
import { abortMessage, moduleUrl, type HostJob, type HostLoss, type HostResult } from './host-protocol.ts';
import { parseValue, type Outcome, type SandboxOutcome } from './outcome.ts';
import { RPC_LIMITS } from './rpc-limits.ts';
import { vendorBundles, vendorBundlesIfReady } from './vendor.ts';

export type { SandboxOutcome };

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
export const DEFAULT_MAX_OUTPUT = 1024 * 1024;
export const DEFAULT_MAX_HEAP_MB = 256;

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

/** What ended a host that ran only this job. */
function fromSoloLoss(why: HostLoss, job: HostJob, maxHeapMb: number): Outcome<unknown> {
  switch (why.kind) {
    case 'memory':
      return { kind: 'runtime_error', message: `memory limit exceeded: resident memory ${Math.round(why.rssMb)} MB > ${job.maxRssMb} MB` };
    case 'stuck':
      return { kind: 'timeout', message: `timed out after ${job.timeoutMs} ms` };
    case 'exit': {
      if (why.stderrTail.startsWith('could not start Deno')) {
        throw new QuestError('DENO_START', why.stderrTail, {
          hint: 'check that `npx deno --version` runs here; `npm install` restores the deno package and its platform binary',
        });
      }
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

const counters = { reruns: 0, lost: {} as Partial<Record<HostLoss['kind'], number>> };

/** Jobs run again alone because their shared host went down, by what ended it (for tests and benchmarks). */
export function sandboxStats(): { reruns: number; lost: Partial<Record<HostLoss['kind'], number>> } {
  return { reruns: counters.reruns, lost: { ...counters.lost } };
}

/** Runs a job on the port's shared hosts; if its host went down under it (and maybe others), alone. */
async function runJob(target: HostTarget & { port: number }, job: HostJob, signal: AbortSignal | undefined): Promise<HostResult> {
  const result = await runShared(target, job, signal);
  if ('lost' in result && signal?.aborted) return { outcome: { kind: 'runtime_error', message: abortMessage(signal) }, logs: result.logs };
  if (!('lost' in result)) return result;
  // Running it again alone tells whether the failure was its own. Skills only read through the
  // read-only proxy, so a rerun is safe.
  counters.reruns++;
  counters.lost[result.why.kind] = (counters.lost[result.why.kind] ?? 0) + 1;
  return runSolo(target, job, signal);
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
  const result = await runJob({ port, maxHeapMb, vendorDir: vendor.dir }, job, opts.signal);
  const outcome = 'lost' in result ? fromSoloLoss(result.why, job, maxHeapMb) : parseValue(result.outcome);
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
