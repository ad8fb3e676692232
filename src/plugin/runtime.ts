import '../polyfills.ts';
import { inject, type TestContext } from 'vitest';
import { ChainSession } from '../chain/session.ts';
import { SessionPool } from '../chain/session-pool.ts';
import type { MirrorManifest } from '../chain/build-mirror.ts';
import { stateOf, stateSessionOptions, type ChainState } from '../chain/chain-states.ts';
import { asInstance, deadlines, enterStage } from '../fault-points.ts';
import { recoverInstance } from '../instance/recover.ts';
import { infraRecord, minimalRecord } from '../instance/record.ts';
import { referenceFor, runInstance } from '../instance/run.ts';
import { cacheModeFor, withResponseCache } from '../model/cache.ts';
import { resolveModel, type Model } from '../model/index.ts';
import { withTextTools } from '../model/text-tools.ts';
import { annotateInstance } from '../results/annotation.ts';
import { instanceKey, type InstanceRecord } from '../results/record.ts';
import type { TaskSpec } from '../tasks/task.ts';
import { chainProfile } from '../tasks/chain-profile.ts';
import { assembleTask, type TaskModules } from '../instance/task.ts';
import { modelEnv, modelSettings } from './config.ts';
import { requestNode } from './control.ts';
import { InstanceExecutor, type RunnableInstance } from './executor.ts';
import { playDeadlineMs } from './play-deadline.ts';
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
  const limits = deadlines();
  // Per chain state, up to one session per slot plus the test's own instance; each opens its anvil on first use.
  const sessions = new Map<ChainState, SessionPool>();
  const sessionsOf = (state: ChainState, manifest: MirrorManifest) => {
    let s = sessions.get(state);
    if (!s) {
      s = new SessionPool(
        async (slot) => {
          await enterStage('session-open');
          return ChainSession.open({
            startNode: () => requestNode(p.controlUrl, `${state}-${pool}-${slot}`, state),
            agentKey: p.agentKey,
            marker: p.marker,
            manifest,
            ...stateSessionOptions(state, manifest),
            ...(p.fork ? { fork: p.fork } : {}),
            ...(p.provisioned ? { provisioned: true } : {}),
          });
        },
        p.config.concurrency + 1,
        p.fork ? limits.forkSessionMs : limits.sessionMs,
      );
      sessions.set(state, s);
    }
    return s;
  };
  const run = (item: RunnableInstance) =>
    asInstance(instanceKey({ split: item.task.split, taskId: item.task.id, round: item.round }), () => runOnPool(sessionsOf, item));
  const fallback = (item: RunnableInstance, error: unknown) => {
    const { config, fork } = p;
    return minimalRecord({
      task: item.task,
      round: item.round,
      runSeed: config.seed,
      rounds: config.rounds,
      model: config.model,
      error: `harness failure: ${firstLine(error)}`,
      chain: { mode: fork ? 'fork' : 'mirror', profile: config.chain, chainId: chainProfile(config.chain).chainId, blockNumber: 0 },
    });
  };
  const executor = new InstanceExecutor({
    controlUrl: p.controlUrl,
    worker: `${process.pid}-${pool}`,
    slots: p.config.concurrency,
    run,
    fallback,
  });
  executors.set(p.controlUrl, executor);
  return executor;
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/**
 * One instance on a session of its state's pool, with node-crash recovery. Whatever fails (the model's
 * resolution, a state the chain cannot serve, a session that cannot be opened, a step that stalls)
 * becomes an infra record, and a session a step stalled on is replaced rather than reused.
 */
async function runOnPool(
  sessionsOf: (state: ChainState, manifest: MirrorManifest) => SessionPool,
  { task, round }: RunnableInstance,
): Promise<InstanceRecord> {
  const { config, fork, manifests, unavailable } = inject('questbench');
  // With no chain session there is no address map to draw the instance from: the minimal record.
  const infra = (error: string, chain: ChainSession | undefined) => {
    const head = { task, round, runSeed: config.seed, rounds: config.rounds, model: config.model, error };
    return chain
      ? infraRecord({ ...head, env: chain.env, chain: chain.chainInfo })
      : minimalRecord({
          ...head,
          chain: { mode: fork ? 'fork' : 'mirror', profile: config.chain, chainId: chainProfile(config.chain).chainId, blockNumber: 0 },
        });
  };
  const state = stateOf(task.split, config.chain);
  const manifest = manifests[state];
  // Said once at the start of the run (global setup); each of the split's instances records it.
  if (!manifest) return infra(unavailable?.[state] ?? `no address map for the ${state} chain`, undefined);
  let sessions: SessionPool | undefined;
  let session: ChainSession | undefined;
  try {
    const m = await workerModel();
    sessions = sessionsOf(state, manifest);
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
          lesson: config.lesson,
          ...playDeadlineMs(config, task),
        }),
      infra,
    });
  } catch (e) {
    return infra(`harness failure: ${firstLine(e)}`, session);
  } finally {
    if (session && sessions) {
      if (session.stalled) sessions.discard(session);
      else sessions.release(session);
    }
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
