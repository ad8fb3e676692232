import '../polyfills.ts';
import { inject, type TestContext } from 'vitest';
import { ChainSession } from '../chain/session.ts';
import { SessionPool } from '../chain/session-pool.ts';
import { profileOf, profileSessionOptions, type ChainProfile } from '../chain/profiles.ts';
import { recoverInstance } from '../instance/recover.ts';
import { infraRecord } from '../instance/record.ts';
import { referenceFor, runInstance } from '../instance/run.ts';
import { cacheModeFor, withResponseCache } from '../model/cache.ts';
import { resolveModel, type Model } from '../model/index.ts';
import { withTextTools } from '../model/text-tools.ts';
import { annotateInstance } from '../results/annotation.ts';
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import { assembleTask, type TaskModules, type TaskSpec } from '../tasks/task.ts';
import { modelEnv, modelSettings } from './config.ts';
import { requestNode } from './control.ts';
import { InstanceExecutor, type RunnableInstance } from './executor.ts';
import type {} from './provided.ts';

declare module 'vitest' {
  interface TaskMeta {
    quest?: InstanceRecord;
    /** The record came from the resumed run's JSONL; it was not run again. */
    questResumed?: boolean;
  }
}

// Worker-wide state: projects run with isolate: false, so one model, one pool of chain sessions and one
// executor per worker serve every instance the worker runs, its own tests' and the background slots'.
let model: Promise<Model> | undefined;
// By control endpoint: each run context has its own (its dispatcher, its nodes).
const executors = new Map<string, InstanceExecutor>();

/** Under the tools protocol, a model that answers in text has its replies read as tool calls. */
const forTransport = (m: Model, protocol: 'text' | 'tools'): Model => (protocol === 'tools' ? withTextTools(m) : m);

function workerModel(): Promise<Model> {
  const { config } = inject('questbench');
  model ??= resolveModel(config.model, modelSettings(config), modelEnv(config)).then((m) =>
    forTransport(withResponseCache(m, { dir: config.cacheDir, mode: cacheModeFor(m, config.cache) }), config.protocol),
  );
  return model;
}

function workerExecutor(): InstanceExecutor {
  const p = inject('questbench');
  const existing = executors.get(p.controlUrl);
  if (existing) return existing;
  const pool = process.env.VITEST_POOL_ID ?? '1';
  // Per chain profile, up to one session per slot plus the test's own instance; each opens its anvil on first use.
  const sessions = new Map<ChainProfile, SessionPool>();
  const sessionsOf = (profile: ChainProfile) => {
    let s = sessions.get(profile);
    if (!s) {
      const manifest = p.manifests[profile];
      if (!manifest) throw new Error(p.unavailable?.[profile] ?? `no address map for the ${profile} chain`);
      s = new SessionPool(
        (slot) =>
          ChainSession.open({
            startNode: () => requestNode(p.controlUrl, `${profile}-${pool}-${slot}`, profile),
            agentKey: p.agentKey,
            marker: p.marker,
            manifest,
            ...profileSessionOptions(profile, manifest),
            ...(p.fork ? { fork: p.fork } : {}),
            ...(p.provisioned ? { provisioned: true } : {}),
          }),
        p.config.concurrency + 1,
      );
      sessions.set(profile, s);
    }
    return s;
  };
  const run = (item: RunnableInstance) => runOnPool(sessionsOf(profileOf(item.task.split)), item);
  const executor = new InstanceExecutor({ controlUrl: p.controlUrl, worker: `${process.pid}-${pool}`, slots: p.config.concurrency, run });
  executors.set(p.controlUrl, executor);
  return executor;
}

/** One instance on a session of the pool, with node-crash recovery; an unrecoverable failure is recorded as infra. */
async function runOnPool(sessions: SessionPool, { task, round }: RunnableInstance): Promise<InstanceRecord> {
  const { config, fork } = inject('questbench');
  const infra = (error: string, chain: ChainSession | undefined) =>
    infraRecord({
      task,
      round,
      runSeed: config.seed,
      rounds: config.rounds,
      env: chain?.env ?? {},
      model: config.model,
      error,
      chain: chain?.chainInfo ?? { mode: fork ? 'fork' : 'mirror', chainId: 56, blockNumber: 0 },
    });
  const m = await workerModel();
  let session: ChainSession | undefined;
  try {
    session = await sessions.acquire();
    return await recoverInstance({
      session,
      run: (chain) =>
        runInstance({
          task,
          round,
          runSeed: config.seed,
          rounds: config.rounds,
          session: chain,
          model: config.model === 'reference' ? (params) => forTransport(referenceFor(task, chain)(params), config.protocol) : m,
          scriptTimeoutMs: config.scriptTimeoutMs,
          transport: config.protocol,
          agentTimeoutMs: config.agentTimeoutMs,
        }),
      infra,
    });
  } catch (e) {
    return infra(`harness failure: ${(e as Error).message.split('\n')[0]}`, session);
  } finally {
    if (session) sessions.release(session);
  }
}

export function failureMessage(rec: InstanceRecord): string {
  const failed = rec.checks.filter((c) => !c.passed);
  const steps = rec.composite
    ? `, K_act ${rec.composite.kAct} vs K_opt ${rec.composite.kOpt}, base ${rec.composite.baseScore} × decay ${rec.composite.decay.toFixed(2)}`
    : '';
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

/**
 * A round of a task, as its generated test module calls it: the task is assembled from the module's
 * own imports (so watch mode follows them), then reported from the resumed run, or run (here or by a
 * background slot) and reported.
 */
export async function playTask(
  ctx: TestContext,
  declared: TaskSpec & { file: string; rel: string },
  modules: TaskModules,
  round: number,
): Promise<void> {
  const task = assembleTask(declared.file, declared, modules, declared.rel);
  const resumed = inject('questbench').resumed[instanceKey({ split: task.split, taskId: task.id, round })];
  if (resumed) {
    ctx.task.meta.questResumed = true;
    await finish(ctx, resumed);
    return;
  }
  await finish(ctx, await workerExecutor().play({ task, round }));
}
