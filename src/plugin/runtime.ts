import '../polyfills.ts';
import { inject, type TestContext } from 'vitest';
import { requestNode } from '../chain/node-pool.ts';
import { ChainSession } from '../chain/session.ts';
import { runAtomicInstance } from '../episode/atomic.ts';
import { runCompositeInstance } from '../composite/episode.ts';
import { referenceScriptModel, type CompositeReference } from '../composite/reference.ts';
import { resolveModel, type Model } from '../model/index.ts';
import { cacheModeFor, withResponseCache } from '../model/cache.ts';
import { referenceModel } from '../model/reference.ts';
import { annotateInstance } from '../results/annotation.ts';
import type { InstanceRecord } from '../results/record.ts';
import type { AtomicTask, CompositeTask } from '../tasks/schema.ts';
import { isValidator } from '../validators/define.ts';
import type { Validator } from '../validators/types.ts';
import { infraRecord } from '../episode/infra.ts';
import { runWithRecovery } from '../episode/recover.ts';
import type {} from './provided.ts';

declare module 'vitest' {
  interface TaskMeta {
    quest?: InstanceRecord;
    /** The record came from the resumed run's JSONL; it was not run again. */
    questResumed?: boolean;
  }
}

/** QUEST_RESUME: reports a finished instance as recorded instead of running it again. */
async function replayResumed(ctx: TestContext, split: 'atomic' | 'composite', taskId: string, round: number): Promise<boolean> {
  const rec = inject('questbench').resumed[`${split}/${taskId}/${round}`];
  if (!rec) return false;
  ctx.task.meta.questResumed = true;
  await finish(ctx, rec);
  return true;
}

// Worker-wide state: projects run with isolate: false, so one chain session and one model per worker.
let session: Promise<ChainSession> | undefined;
let model: Promise<Model> | undefined;

function workerSession(): Promise<ChainSession> {
  const p = inject('questbench');
  const id = process.env.VITEST_POOL_ID ?? '1';
  session ??= ChainSession.open({
    startNode: () => requestNode(p.controlUrl, id),
    agentKey: p.agentKey,
    marker: p.marker,
    manifest: p.manifest,
    ...(p.fork ? { fork: p.fork } : {}),
  }).catch((e) => {
    session = undefined;
    throw e;
  });
  return session;
}

function workerModel(): Promise<Model> {
  const { config } = inject('questbench');
  const settings = { temperature: config.temperature, maxRetries: config.maxRetries, timeoutMs: config.modelTimeoutMs };
  model ??= resolveModel(config.model, settings).then((m) => withResponseCache(m, { dir: config.cacheDir, mode: cacheModeFor(m, config.cache) }));
  return model;
}

/** One instance with node-crash recovery; an unrecoverable failure is recorded as infra. */
function guarded(
  split: 'atomic' | 'composite',
  input: { task: AtomicTask | CompositeTask; validator: Validator; round: number },
  run: (s: ChainSession, m: Model) => Promise<InstanceRecord>,
): Promise<InstanceRecord> {
  const { config } = inject('questbench');
  return runWithRecovery({
    session: workerSession,
    run: async (s) => run(s, await workerModel()),
    infra: (error, s) =>
      infraRecord({
        task: input.task,
        split,
        validator: input.validator,
        round: input.round,
        runSeed: config.seed,
        rounds: config.rounds,
        env: s?.env ?? {},
        model: config.model,
        error,
        chain: s?.chainInfo ?? { mode: inject('questbench').fork ? 'fork' : 'mirror', chainId: 56, blockNumber: 0 },
      }),
  });
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
  input: { task: CompositeTask; validator: unknown; reference: unknown; round: number; file: string },
): Promise<void> {
  if (!isValidator(input.validator)) throw new Error(`${input.file}: the validator module must default-export defineValidator({...})`);
  if (typeof input.reference !== 'function') throw new Error(`${input.file}: the reference module must default-export defineCompositeReference(...)`);
  if (await replayResumed(ctx, 'composite', input.task.id, input.round)) return;
  const { config } = inject('questbench');
  const reference = input.reference as CompositeReference;
  const validator = input.validator as Validator;
  const rec = await guarded('composite', { task: input.task, validator, round: input.round }, (session, model) =>
    runCompositeInstance({
      task: input.task,
      validator,
      model: config.model === 'reference' ? (params) => referenceScriptModel(reference(params, session.env)) : model,
      round: input.round,
      runSeed: config.seed,
      rounds: config.rounds,
      session,
      scriptTimeoutMs: config.scriptTimeoutMs,
    }),
  );
  await finish(ctx, rec);
}

export async function playAtomicInstance(
  ctx: TestContext,
  input: { task: AtomicTask; validator: unknown; referenceSource: string; round: number; file: string },
): Promise<void> {
  if (!isValidator(input.validator)) {
    throw new Error(`${input.file}: the validator module must default-export defineValidator({...})`);
  }
  if (await replayResumed(ctx, 'atomic', input.task.id, input.round)) return;
  const { config } = inject('questbench');
  const validator = input.validator as Validator;
  const rec = await guarded('atomic', { task: input.task, validator, round: input.round }, (session, model) =>
    runAtomicInstance({
      task: input.task,
      validator,
      round: input.round,
      runSeed: config.seed,
      rounds: config.rounds,
      session,
      model: config.model === 'reference' ? (params) => referenceModel(input.task.id, input.referenceSource, params) : model,
      scriptTimeoutMs: config.scriptTimeoutMs,
    }),
  );
  await finish(ctx, rec);
}
