// Section 2: the harness's own time per atomic instance with the reference model, split by phase.
//
// Method: the real runAtomicInstance runs unchanged; phases are cut from timestamps taken by
// wrappers installed from outside (session.reset, the validator's derive/setup/observe and check
// verify functions, the model's respond, and global fetch, whose first node-guard batch after the
// reply marks the start of signAndSend). Everything between two marks is charged to the phase the
// episode is in at that point, so the phases add up to the measured total.
import '../src/polyfills.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { ChainSession } from '../src/chain/session.ts';
import { runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/index.ts';
import { referenceModel } from '../src/model/reference.ts';
import { ResultWriter } from '../src/results/writer.ts';
import { denoCacheBytes, denoDir } from '../src/sandbox/deno-cache.ts';
import { prepareSandbox } from '../src/sandbox/index.ts';
import { loadTasks, type Task } from '../src/instance/task.ts';
import type { Validator } from '../src/validators/types.ts';
import { onCleanup } from './cleanup.ts';
import { cpuDelta, cpuSnapshot } from './cpu.ts';
import { probeSandbox, type SandboxProbe } from './sandbox-probe.ts';
import { errorText, summarize, type Summary } from './stats.ts';

export const PHASES = ['revert', 'prompt', 'model', 'sandbox', 'execution', 'validation', 'cost', 'recording'] as const;
export type Phase = (typeof PHASES)[number];

export interface InstanceTiming {
  taskId: string;
  kind: 'transaction' | 'query';
  round: number;
  outcome: string;
  total: number;
  phases: Record<Phase, number>;
  /** session.reset alone (evm_revert + evm_snapshot + base fee), part of the revert phase. */
  resetMs: number;
  /** JSON-RPC calls the harness made itself (validator reads, send path, reset). */
  harnessRpc: number;
  /** JSON-RPC calls the script made through the read-only proxy. */
  scriptRpc: number;
}

export interface HarnessResult {
  tasks: number;
  rounds: number;
  instances: InstanceTiming[];
  total: Summary;
  phases: Record<Phase, Summary & { share: number }>;
  /** Execution only over transaction instances (queries send nothing). */
  executionTx: Summary;
  reset: Summary;
  exact: number;
  harnessRpc: Summary;
  scriptRpc: Summary;
  sessionOpenMs: number;
  /** CPU ms per instance by process: node (harness), finished (Deno runs), anvil, esbuild, ... */
  cpuPerInstance: Record<string, number>;
  /** Wall ms per instance over the measured rounds (sequential, so also the per-worker throughput). */
  wallPerInstance: number;
  /** Growth of Deno's compile caches in DENO_DIR per instance (each skill file is a new module to Deno). */
  denoCacheBytesPerInstance: number;
  denoCacheBytes: number;
  /** The sandbox phase's fixed costs, measured on the same session after the instances. */
  probe?: SandboxProbe;
  probeError?: string;
}

interface Marks {
  t0: number;
  resetStart?: number;
  resetEnd?: number;
  firstVerifyStart?: number;
  observe: { start: number; end: number }[];
  respondStart?: number;
  respondEnd?: number;
  sendStart?: number;
  lastVerifyEnd?: number;
  rpc: number;
}

let marks: Marks | undefined;

function instrumentFetch(): () => void {
  const real = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const m = marks;
    const body = init?.body;
    if (m && typeof body === 'string') {
      m.rpc += body.split('"jsonrpc"').length - 1;
      // signAndSend starts with the node guard's batch (web3_clientVersion + chainId + marker).
      if (m.respondEnd !== undefined && m.sendStart === undefined && body.includes('web3_clientVersion')) m.sendStart = performance.now();
    }
    return real(input, init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = real;
  };
}

function timedValidator(v: Validator): Validator {
  const observe = v.observe;
  return {
    ...v,
    ...(observe
      ? {
          observe: async (ctx) => {
            const start = performance.now();
            try {
              return await observe(ctx);
            } finally {
              marks?.observe.push({ start, end: performance.now() });
            }
          },
        }
      : {}),
    checks: v.checks.map((c) => ({
      ...c,
      verify: async (ctx) => {
        if (marks) marks.firstVerifyStart ??= performance.now();
        try {
          return await c.verify(ctx);
        } finally {
          if (marks) marks.lastVerifyEnd = performance.now();
        }
      },
    })),
  };
}

function timedModel(inner: Model, taskId: string, answers: Map<string, string>): Model {
  return {
    ...inner,
    async respond(messages, call) {
      if (marks) marks.respondStart = performance.now();
      const reply = await inner.respond(messages, call);
      if (marks) marks.respondEnd = performance.now();
      if (!answers.has(taskId)) answers.set(taskId, reply.text);
      return reply;
    },
  };
}

/** Cuts one instance's timeline into phases; any gap is charged to the phase it falls in. */
function phasesOf(m: Marks, end: number, appendMs: number, costMs: number, isTx: boolean): Record<Phase, number> {
  const obsPre = m.observe[0];
  const obsPost = m.observe.length > 1 ? m.observe[m.observe.length - 1] : undefined;
  const respondStart = m.respondStart ?? end;
  const respondEnd = m.respondEnd ?? respondStart;
  const preStart = obsPre?.start ?? respondStart;
  const preEnd = obsPre?.end ?? preStart;
  // Without a post-observe (failure paths) the sandbox/execution run until the record is built.
  const postStart = obsPost?.start ?? m.firstVerifyStart ?? end;
  const sendStart = isTx ? (m.sendStart ?? postStart) : postStart;
  const scoredEnd = Math.max(m.lastVerifyEnd ?? obsPost?.end ?? postStart, postStart);
  return {
    // instantiate + session.reset (evm_revert, evm_snapshot, base fee) + derive + setup
    revert: preStart - m.t0,
    prompt: respondStart - preEnd,
    model: respondEnd - respondStart,
    // extract + esbuild + the script in a Worker of the port's Deno host + tx shape check
    sandbox: sendStart - respondEnd,
    // node guard + nonce/block + estimateGas + sign + eth_sendRawTransactionSync
    execution: postStart - sendStart,
    // pre-observe + post-observe + checks
    validation: preEnd - preStart + (scoredEnd - postStart),
    // value lost and exposure against the reference (the record says how long it took)
    cost: costMs,
    // InstanceRecord assembly + JSONL append
    recording: end - scoredEnd - costMs + appendMs,
  };
}

export async function measureHarness(opts: {
  rounds: number;
  warmupTasks: number;
  probeSamples: number;
  runSeed?: number;
}): Promise<HarnessResult> {
  type AtomicTask = Extract<Task, { split: 'atomic' }>;
  // The real tasks with their validators timed from outside.
  const files = ((await loadTasks('tasks/atomic')) as AtomicTask[]).map((f) => ({ ...f, validator: timedValidator(f.validator) }));
  const resultsDir = await mkdtemp(path.join(os.tmpdir(), 'questbench-bench-results-'));
  let node: RunningAnvil | undefined;
  let session: ChainSession | undefined;
  const restoreFetch = instrumentFetch();
  const release = onCleanup(async () => {
    await node?.stop();
    await rm(resultsDir, { recursive: true, force: true });
  });
  try {
    // What the worker and global setup do before the first test: warm the sandbox, open the session.
    await prepareSandbox();
    const t = performance.now();
    session = await ChainSession.open({
      startNode: async () => {
        await node?.stop();
        node = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
        return node.url;
      },
      agentKey: generatePrivateKey(),
      marker: `0x${randomBytes(32).toString('hex')}` as Hex,
      manifest: loadMirrorManifest(),
    });
    const sessionOpenMs = performance.now() - t;
    const s = session;
    const originalReset = s.reset.bind(s);
    s.reset = async () => {
      if (marks) marks.resetStart = performance.now();
      await originalReset();
      if (marks) marks.resetEnd = performance.now();
    };
    const answers = new Map<string, string>();
    const writer = new ResultWriter(resultsDir, 'reference', 'bench');
    const runSeed = opts.runSeed ?? 20260;

    const runOne = async (i: number, round: number, record: boolean): Promise<InstanceTiming> => {
      const f = files[i]!;
      const proxyBefore = s.proxy.stats().forwarded;
      marks = { t0: performance.now(), observe: [], rpc: 0 };
      const m = marks;
      let rec;
      try {
        rec = await runInstance({
          task: f,
          round,
          runSeed,
          rounds: opts.rounds,
          session: s,
          model: (p) => timedModel(referenceModel(f.id, f.reference, p), f.id, answers),
          scriptTimeoutMs: 30_000,
        });
      } finally {
        marks = undefined;
      }
      const end = performance.now();
      const a = performance.now();
      if (record) writer.append(rec);
      const appendMs = performance.now() - a;
      const phases = phasesOf(m, end, appendMs, rec.risk?.ms ?? 0, f.spec.kind === 'transaction');
      return {
        taskId: f.id,
        kind: f.spec.kind,
        round,
        outcome: rec.outcome,
        total: end - m.t0 + appendMs,
        phases,
        resetMs: m.resetEnd !== undefined && m.resetStart !== undefined ? m.resetEnd - m.resetStart : Number.NaN,
        harnessRpc: m.rpc,
        // A reboot replaces the proxy and its counters; never report a negative count.
        scriptRpc: Math.max(0, s.proxy.stats().forwarded - proxyBefore),
      };
    };

    for (let i = 0; i < Math.min(opts.warmupTasks, files.length); i++) await runOne(i, 1, false);
    const instances: InstanceTiming[] = [];
    const cache0 = denoCacheBytes(denoDir());
    const cpu0 = cpuSnapshot();
    const wall0 = performance.now();
    for (let round = 1; round <= opts.rounds; round++) {
      for (let i = 0; i < files.length; i++) instances.push(await runOne(i, round, true));
    }
    const wallPerInstance = (performance.now() - wall0) / instances.length;
    const cpu = cpuDelta(cpu0, cpuSnapshot());
    const cpuPerInstance = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v / instances.length]));
    const cache1 = denoCacheBytes(denoDir());

    let probe: SandboxProbe | undefined;
    let probeError: string | undefined;
    try {
      probe = await probeSandbox({
        samples: opts.probeSamples,
        answers: [...answers.values()],
        providerUrl: s.proxy.url,
        agent: s.account.address,
      });
    } catch (e) {
      probeError = errorText(e);
    }

    const totals = instances.map((x) => x.total);
    const sumTotal = totals.reduce((a, b) => a + b, 0);
    const phases = Object.fromEntries(
      PHASES.map((p) => {
        const v = instances.map((x) => x.phases[p]);
        return [p, { ...summarize(v), share: v.reduce((a, b) => a + b, 0) / sumTotal }];
      }),
    ) as HarnessResult['phases'];
    return {
      tasks: files.length,
      rounds: opts.rounds,
      instances,
      total: summarize(totals),
      phases,
      executionTx: summarize(instances.filter((x) => x.kind === 'transaction').map((x) => x.phases.execution)),
      reset: summarize(instances.map((x) => x.resetMs).filter(Number.isFinite)),
      exact: instances.filter((x) => x.outcome === 'exact').length,
      harnessRpc: summarize(instances.map((x) => x.harnessRpc)),
      scriptRpc: summarize(instances.map((x) => x.scriptRpc)),
      sessionOpenMs,
      cpuPerInstance,
      wallPerInstance,
      denoCacheBytesPerInstance: (cache1 - cache0) / instances.length,
      denoCacheBytes: cache1,
      ...(probe ? { probe } : {}),
      ...(probeError ? { probeError } : {}),
    };
  } finally {
    restoreFetch();
    await session?.close().catch(() => {});
    await node?.stop().catch(() => {});
    await rm(resultsDir, { recursive: true, force: true });
    release();
  }
}
