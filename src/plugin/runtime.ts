import '../polyfills.ts';
import { inject, type TestContext } from 'vitest';
import { ChainSession } from '../chain/session.ts';
import { SessionPool } from '../chain/session-pool.ts';
import { runAtomicInstance } from '../episode/atomic.ts';
import { runCompositeInstance } from '../composite/episode.ts';
import { referenceScriptModel, type CompositeReference } from '../composite/reference.ts';
import { resolveModel, type Model } from '../model/index.ts';
import { cacheModeFor, withResponseCache } from '../model/cache.ts';
import { atomicReference } from '../model/reference.ts';
import { annotateInstance } from '../results/annotation.ts';
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import type { AtomicTask, CompositeTask } from '../tasks/schema.ts';
import { isValidator } from '../validators/define.ts';
import type { Validator } from '../validators/types.ts';
import { infraRecord } from '../episode/infra.ts';
import { runWithRecovery } from '../episode/recover.ts';
import type {} from './provided.ts';
import { requestNode } from './control.ts';
import { InstanceExecutor, type LoadedInstance } from './executor.ts';

declare module 'vitest' {
  interface TaskMeta {
    quest?: InstanceRecord;
    /** The record came from the resumed run's JSONL; it was not run again. */
    questResumed?: boolean;
  }
}

/** QUEST_RESUME: reports a finished instance as recorded instead of running it again. */
async function replayResumed(ctx: TestContext, split: 'atomic' | 'composite', taskId: string, round: number): Promise<boolean> {
  const rec = inject('questbench').resumed[instanceKey({ split, taskId, round })];
  if (!rec) return false;
  ctx.task.meta.questResumed = true;
  await finish(ctx, rec);
  return true;
}

// Worker-wide state: projects run with isolate: false, so one model, one pool of chain sessions and one
// executor per worker serve every instance the worker runs, its own tests' and the background slots'.
let model: Promise<Model> | undefined;
// By control endpoint: each benchmark project has its own (its dispatcher, its nodes).
const executors = new Map<string, InstanceExecutor>();

function workerModel(): Promise<Model> {
  const { config } = inject('questbench');
  const settings = { temperature: config.temperature, maxRetries: config.maxRetries, timeoutMs: config.modelTimeoutMs };
  model ??= resolveModel(config.model, settings).then((m) => withResponseCache(m, { dir: config.cacheDir, mode: cacheModeFor(m, config.cache) }));
  return model;
}

function workerExecutor(): InstanceExecutor {
  const p = inject('questbench');
  const existing = executors.get(p.controlUrl);
  if (existing) return existing;
  const worker = `${process.pid}-${process.env.VITEST_POOL_ID ?? '1'}`;
  // Up to one session per slot plus the test's own instance; each opens its anvil on first use.
  const sessions = new SessionPool(
    (slot) =>
      ChainSession.open({
        startNode: () => requestNode(p.controlUrl, `${process.env.VITEST_POOL_ID ?? '1'}-${slot}`),
        agentKey: p.agentKey,
        marker: p.marker,
        manifest: p.manifest,
        ...(p.fork ? { fork: p.fork } : {}),
        ...(p.provisioned ? { provisioned: true } : {}),
      }),
    p.config.concurrency + 1,
  );
  const executor = new InstanceExecutor({ controlUrl: p.controlUrl, worker, slots: p.config.concurrency, run: (item) => runInstance(sessions, item) });
  executors.set(p.controlUrl, executor);
  return executor;
}

/** One instance on a session of the pool, with node-crash recovery; an unrecoverable failure is recorded as infra. */
async function runInstance(sessions: SessionPool, item: LoadedInstance): Promise<InstanceRecord> {
  const { config, fork } = inject('questbench');
  const m = await workerModel();
  let session: ChainSession | undefined;
  try {
    session = await sessions.acquire();
    const s = session;
    return await runWithRecovery({
      session: async () => s,
      run: (chain) =>
        item.split === 'atomic'
          ? runAtomicInstance({
              task: item.task,
              validator: item.validator,
              round: item.round,
              runSeed: config.seed,
              rounds: config.rounds,
              session: chain,
              model: config.model === 'reference' ? atomicReference(item.task.id, item.reference) : m,
              scriptTimeoutMs: config.scriptTimeoutMs,
            })
          : runCompositeInstance({
              task: item.task,
              validator: item.validator,
              model: config.model === 'reference' ? (params) => referenceScriptModel(item.reference(params, chain.env)) : m,
              round: item.round,
              runSeed: config.seed,
              rounds: config.rounds,
              session: chain,
              scriptTimeoutMs: config.scriptTimeoutMs,
            }),
      infra: (error, chain) => infraFor(item, error, chain),
    });
  } catch (e) {
    return infraFor(item, `harness failure: ${(e as Error).message.split('\n')[0]}`, session);
  } finally {
    if (session) sessions.release(session);
  }

  function infraFor(it: LoadedInstance, error: string, chain: ChainSession | undefined): InstanceRecord {
    return infraRecord({
      task: it.task,
      split: it.split,
      validator: it.validator,
      round: it.round,
      runSeed: config.seed,
      rounds: config.rounds,
      env: chain?.env ?? {},
      model: config.model,
      error,
      chain: chain?.chainInfo ?? { mode: fork ? 'fork' : 'mirror', chainId: 56, blockNumber: 0 },
    });
  }
}

export function failureMessage(rec: InstanceRecord): string {
  const failed = rec.checks.filter((c) => !c.passed);
  const steps = rec.composite ? `, K_act ${rec.composite.kAct} vs K_opt ${rec.composite.kOpt}, base ${rec.composite.baseScore} × decay ${rec.composite.decay.toFixed(2)}` : '';
  const head = `${rec.taskId} round ${rec.round}: scored ${rec.score}/100 (${rec.outcome}${rec.schemaRule ? `: ${rec.schemaRule}` : ''}${steps})`;
  const lines = failed.map((c) => `  ✗ ${c.name} [${c.weight}]: ${c.detail}`);
  return [head, ...(rec.error ? [`  ${rec.error}`] : []), ...lines].join('\n');
}

async function finish(ctx: TestContext, rec: InstanceRecord): Promise<void> {
  ctx.task.meta.quest = rec;
  await annotateInstance(ctx, rec);
  // With QUEST_FAIL_ON=infra a model's low scores are results, not failures; provider or harness
  // failures are never scored as the model's 0 and always fail.
  const failOn = inject('questbench').config.failOn;
  if (rec.outcome === 'infra' || (!rec.passed && failOn === 'below-pass-line')) {
    const e = new Error(failureMessage(rec));
    e.stack = e.message;
    throw e;
  }
}

export async function playCompositeInstance(
  ctx: TestContext,
  input: { task: CompositeTask; validator: unknown; reference: unknown; round: number; file: string; path: string },
): Promise<void> {
  if (!isValidator(input.validator)) throw new Error(`${input.file}: the validator module must default-export defineValidator({...})`);
  if (typeof input.reference !== 'function') throw new Error(`${input.file}: the reference module must default-export defineCompositeReference(...)`);
  if (await replayResumed(ctx, 'composite', input.task.id, input.round)) return;
  const rec = await workerExecutor().play({
    split: 'composite',
    task: input.task,
    validator: input.validator as Validator,
    reference: input.reference as CompositeReference,
    round: input.round,
    file: input.path,
  });
  await finish(ctx, rec);
}

export async function playAtomicInstance(
  ctx: TestContext,
  input: { task: AtomicTask; validator: unknown; referenceSource: string; round: number; file: string; path: string },
): Promise<void> {
  if (!isValidator(input.validator)) {
    throw new Error(`${input.file}: the validator module must default-export defineValidator({...})`);
  }
  if (await replayResumed(ctx, 'atomic', input.task.id, input.round)) return;
  const rec = await workerExecutor().play({
    split: 'atomic',
    task: input.task,
    validator: input.validator as Validator,
    reference: input.referenceSource,
    round: input.round,
    file: input.path,
  });
  await finish(ctx, rec);
}
