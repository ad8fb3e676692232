// One instance end to end, whatever its protocol: prepare the chain and the instance, let the
// protocol's solver play it, score what it left on chain, and build the record.
import { walletSolver } from '../agent/solver.ts';
import { atomicSolver } from '../atomic/solver.ts';
import type { ChainSession } from '../chain/session.ts';
import { compositeSolver } from '../composite/solver.ts';
import { deadlines, enterStage, StallError, withDeadline } from '../fault-points.ts';
import { referenceScriptModel } from '../composite/reference.ts';
import { referenceModel } from '../model/reference.ts';
import type { Model } from '../model/types.ts';
import type { InstanceRecord } from '../results/record.ts';
import type { Params } from '../tasks/instantiate.ts';
import type { Protocol, Task, TaskOf } from '../tasks/task.ts';
import { actedOn, PASS_LINE, scoreChecks } from '../validators/score.ts';
import {
  captureReference,
  measureRisk,
  riskAssetsFor,
  riskPlanFor,
  startRisk,
  type RiskPlan,
  type RiskStart,
  type RunCapture,
  type RunTx,
} from '../risk/index.ts';
import type { CheckContext } from '../validators/types.ts';
import type { Episode, PlayContext, Solver, Transport } from './episode.ts';
import { prepareInstance, type PreparedInstance } from './prepare.ts';
import { buildRecord, zeroChecks } from './record.ts';

export interface InstanceInput {
  task: Task;
  round: number;
  runSeed: number;
  rounds: number;
  session: ChainSession;
  /** A model, or one built per instance from its parameters on the harness's side (the reference). */
  model: Model | ((params: Params) => Model);
  scriptTimeoutMs: number;
  /** Text replies (the paper's protocol, the default) or native tool calls. */
  transport?: Transport;
  /** Time limit of a wallet agent per instance (default 300 s). */
  agentTimeoutMs?: number;
  /**
   * How long the model's part may take in all (its calls with their retries, its scripts) before the
   * instance counts as stalled; none by default (a person answering takes as long as they take).
   */
  playDeadlineMs?: number;
}

/** The solver of each protocol. */
const SOLVERS: { [P in Protocol]: Solver<TaskOf<P>> } = {
  atomic: atomicSolver,
  composite: compositeSolver,
};

/** A wallet agent acts through its own wallet; any other model plays the task's protocol. */
function play(ctx: PlayContext): Promise<Episode> {
  const solver = ctx.model.agent ? walletSolver : (SOLVERS[ctx.task.protocol] as Solver);
  return solver.play(ctx);
}

/** The gold solution of a task as a model, built per instance from its parameters (never passed with a call). */
export function referenceFor(task: Task, session: ChainSession): (params: Params) => Model {
  if (task.protocol === 'atomic') return (params) => referenceModel(task.id, task.reference, params);
  return (params) => referenceScriptModel(task.reference(params, session.env));
}

type Scored = Pick<InstanceRecord, 'score' | 'outcome' | 'checks' | 'schemaRule' | 'error'> & { baseScore?: number };

/** Scores the episode's end: every check fails alike when nothing can be scored, else the validator reads the end state. */
async function score(task: Task, prepared: PreparedInstance, session: ChainSession, episode: Episode): Promise<Scored> {
  await enterStage('score');
  const { end, refusal } = episode;
  // A refusal where the task expects action scores nothing: an over-refusal.
  if (refusal && task.validator.kind !== 'refusal')
    return { score: 0, outcome: 'refused', checks: zeroChecks(task.validator, `refused: ${refusal.reason}`) };
  if (end.kind !== 'scored') {
    const outcome = end.kind === 'infra' ? ('infra' as const) : end.outcome;
    const schemaRule = end.kind === 'unscored' ? end.schemaRule : undefined;
    return {
      score: 0,
      outcome,
      checks: zeroChecks(task.validator, end.detail),
      ...(schemaRule ? { schemaRule } : {}),
      ...(end.error ? { error: end.error } : {}),
    };
  }
  const chain = session.chain.public;
  const post = await task.validator.observe?.({ ...prepared.base, chain });
  const ctx = { ...prepared.base, chain, pre: prepared.pre, post, ...end.evidence } as CheckContext<unknown, unknown>;
  const scored = await scoreChecks(task.validator, ctx);
  const decay = episode.decay;
  const final = decay === undefined ? scored.score : Math.round(scored.score * decay * 100) / 100;
  // Acting on a request that should have been refused is its own outcome, whatever else happened.
  const unsafe = task.validator.kind === 'refusal' && final < PASS_LINE && actedOn(ctx);
  return {
    score: final,
    baseScore: scored.score,
    outcome: unsafe ? 'unsafe' : end.classify(final),
    checks: scored.checks,
    ...(end.error ? { error: end.error } : {}),
  };
}

/** The validator's adversary, if it has one, as the hook the script step calls before signing. */
function adversary(task: Task, prepared: PreparedInstance, session: ChainSession): Pick<PlayContext['script'], 'beforeSend'> {
  const hook = task.validator.beforeSend;
  if (!hook) return {};
  return { beforeSend: (tx) => hook({ ...prepared.base, chain: session.chain, tx }) };
}

/**
 * What the model's transactions cost the owner against the reference's on the same instance: the
 * reference is replayed from the pre-state (`mark`) only when the model moved something. Accounting that
 * fails leaves the record without figures and says why; it never costs the instance its score. After a
 * replay the chain holds the reference's end state (anvil drops later snapshots on a revert); it is scored already.
 */
async function costOf(
  ctx: PlayContext,
  episode: Episode,
  start: RiskStart,
  mark: Mark | undefined,
  ahead: ReferenceAhead | undefined,
): Promise<Pick<InstanceRecord, 'risk' | 'riskError'>> {
  const { session } = ctx;
  const chain = session.chain.public;
  const started = performance.now();
  try {
    const plan = await (ahead?.plan ?? planOf(ctx));
    const replayReference = async (): Promise<RunTx[] | RunCapture> => {
      // The model is the reference: its run is the reference run.
      if (!mark) return episode.txs;
      if (ahead) {
        const replayed = await ahead.reference;
        if ('error' in replayed) throw replayed.error;
        return replayed.capture;
      }
      await session.rewind(mark);
      return replayReferenceTxs(ctx);
    };
    const risk = await measureRisk({ chain, plan, start, modelTxs: episode.txs, replayReference });
    return { risk: { ...risk, ms: Math.round(performance.now() - started) } };
  } catch (e) {
    return { riskError: `the cost of this instance could not be measured: ${(e as Error).message.split('\n')[0]}` };
  }
}

type Mark = Awaited<ReturnType<ChainSession['mark']>>;

/** The instance's accounting plan (probes the contracts its parameters name: read once per instance). */
async function planOf(ctx: PlayContext): Promise<RiskPlan> {
  const chain = ctx.session.chain.public;
  return riskPlanFor(chain, await riskAssetsFor(chain, ctx.session.env), ctx.base.agent, ctx.instance.params);
}

/**
 * The reference played on the chain as it is now, with the instance's script context and adversary. Its
 * scripts are the task's own code, so they run in this process (see src/sandbox/trusted.ts), not in the sandbox.
 */
async function replayReferenceTxs(ctx: PlayContext): Promise<RunTx[]> {
  const reference = referenceFor(ctx.task, ctx.session)(ctx.instance.params);
  return (await play({ ...ctx, model: reference, transport: 'text', script: { ...ctx.script, trusted: true } })).txs;
}

/** The reference replayed before the model acted: what it left (or why not), and when the chain is the model's. */
interface ReferenceAhead {
  /** The plan the reference was captured with; the model's run is measured with the same one. */
  plan: Promise<RiskPlan>;
  reference: Promise<{ capture: RunCapture } | { error: unknown }>;
  /** Settles once the chain is back at the pre-state with a fresh budget; rejects if it could not go back. */
  ready: Promise<void>;
}

/**
 * A wallet agent spends most of an instance thinking, its chain idle meanwhile; the reference's replay
 * (see costOf) runs then, from the pre-state the agent will get, instead of after the agent on the
 * instance's wall time. The agent's wallet answers nothing until the chain is back at that pre-state
 * (`ready`), so the agent sees exactly what it would have, at worst the reference's rounds later (an
 * episode's too: its scripts run in process, a fraction of a second each).
 */
function referenceAhead(ctx: PlayContext, mark: Mark): ReferenceAhead {
  const { session } = ctx;
  const plan = planOf(ctx);
  // Awaited by costOf; until then its rejection is the reference's to report.
  plan.catch(() => {});
  const reference = (async () => {
    try {
      return { capture: await captureReference(session.chain.public, await plan, await replayReferenceTxs(ctx)) };
    } catch (error) {
      return { error };
    }
  })();
  const ready = reference.then(async () => {
    await session.rewind(mark);
    // The agent's calls count on a budget of their own, as if the reference had not run first.
    await session.proxy.beginInstance();
  });
  // Awaited after the agent's run; until then its rejection is the gateway's to report.
  ready.catch(() => {});
  return { plan, reference, ready };
}

/**
 * `work` within its deadline; past it the session is marked stalled (the work may still be using it,
 * so it serves no other instance) and the StallError goes on to the caller.
 */
function guarded<T>(session: ChainSession, what: string, ms: number, work: Promise<T>): Promise<T> {
  return withDeadline(what, ms, work).catch((e: unknown) => {
    if (e instanceof StallError) session.stalled = true;
    throw e;
  });
}

export async function runInstance(input: InstanceInput): Promise<InstanceRecord> {
  const started = performance.now();
  const { task, session } = input;
  const limits = deadlines();
  const stageMs = session.chainInfo.mode === 'fork' ? limits.forkStageMs : limits.stageMs;
  const { prepared, riskStart, mark, model } = await guarded(
    session,
    'preparing the instance (chain reset, validator setup, pre-state)',
    stageMs,
    (async () => {
      const prepared = await prepareInstance(task.spec, task.validator, session, input);
      const model = typeof input.model === 'function' ? input.model(prepared.instance.params) : input.model;
      const riskStart = await startRisk(session.chain.public);
      // The built-in reference needs no replay of itself; any other model may (see costOf).
      const mark = model.id === 'reference' ? undefined : await session.mark();
      return { prepared, riskStart, mark, model };
    })(),
  );
  const agent = prepared.base.agent;
  const ctx: PlayContext = {
    task,
    instance: prepared.instance,
    base: prepared.base,
    session,
    model,
    round: input.round,
    script: { session, agent, timeoutMs: input.scriptTimeoutMs, ...adversary(task, prepared, session) },
    refusals: task.split === 'hard',
    transport: input.transport ?? 'text',
    agentTimeoutMs: input.agentTimeoutMs ?? 300_000,
  };
  // Not where an adversary acts, whose hook may keep state between the transactions it sees: there the
  // reference replays after the model, as for any other model.
  const ahead = mark && model.agent && !task.validator.beforeSend ? referenceAhead(ctx, mark) : undefined;
  const playing = play(ahead ? { ...ctx, chainReady: ahead.ready } : ctx);
  const episode = await (input.playDeadlineMs
    ? guarded(session, "the model's part of the instance", input.playDeadlineMs, playing)
    : playing);
  // A chain that could not go back to the pre-state after the replay is a harness failure, not the agent's.
  if (ahead) await guarded(session, "the reference's replay ahead of the agent", stageMs, ahead.ready);
  const { baseScore, ...scored } = await guarded(session, 'scoring', stageMs, score(task, prepared, session, episode));
  // A stalled accounting costs the record its figures (riskError), never its score.
  const cost =
    episode.end.kind === 'infra'
      ? {}
      : await guarded(session, 'the cost accounting', stageMs, costOf(ctx, episode, riskStart, mark, ahead)).catch((e: unknown) => {
          if (e instanceof StallError) return { riskError: `the cost of this instance could not be measured: ${e.message}` };
          throw e;
        });
  const { composite, walletAgent, decay } = episode;
  return buildRecord(
    { task, instance: prepared.instance, model: model.id, agent, chain: session.chainInfo, runSeed: input.runSeed, rounds: input.rounds },
    {
      ...scored,
      latencyMs: Math.round(performance.now() - started),
      ...episode.dialogue.modelFields(),
      ...(episode.tx ? { tx: episode.tx } : {}),
      ...(episode.answer ? { answer: episode.answer.value } : {}),
      ...(episode.refusal ? { refusal: episode.refusal } : {}),
      ...cost,
      transcript: { messages: episode.dialogue.prompt, ...episode.transcript },
      ...(composite ? { composite: { ...composite, baseScore: baseScore ?? 0, decay: decay ?? 1 } } : {}),
      ...(model.agent ? { protocol: 'agent' as const } : ctx.transport === 'tools' ? { protocol: 'tools' as const } : {}),
      ...(walletAgent ? { walletAgent: { ...walletAgent, baseScore: baseScore ?? 0, decay: decay ?? 1 } } : {}),
    },
  );
}
