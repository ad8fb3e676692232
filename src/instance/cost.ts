// The cost accounting of an instance: what the model's transactions cost the owner against the
// reference's on the same instance, with the reference replayed while the model thinks where it can be.
import type { ChainSession } from '../chain/session.ts';
import type { InstanceRecord } from '../results/record.ts';
import {
  captureReference,
  measureRisk,
  riskAssetsFor,
  riskPlanFor,
  type RiskPlan,
  type RiskStart,
  type RunCapture,
  type RunTx,
} from '../risk/index.ts';
import type { ChainShare, Episode, PlayContext } from '../episode/episode.ts';
import { play, referenceFor } from './play.ts';
import type { Task } from './task.ts';

/**
 * What the model's transactions cost the owner against the reference's on the same instance: the
 * reference is replayed from the pre-state (`mark`) only when the model moved something. Accounting that
 * fails leaves the record without figures and says why; it never costs the instance its score. After a
 * replay the chain holds the reference's end state (anvil drops later snapshots on a revert); it is scored already.
 */
export async function costOf(
  ctx: PlayContext<Task>,
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
      if (ahead?.reference) {
        const replayed = await ahead.reference;
        if ('error' in replayed) throw replayed.error;
        return replayed.capture;
      }
      await session.rewind(mark);
      return replayReferenceTxs(ctx);
    };
    const risk = await measureRisk({ chain, plan, start, modelTxs: episode.txs, replayReference });
    return { risk: { ...risk, ms: Math.round(performance.now() - started), ...ahead?.timing() } };
  } catch (e) {
    return { riskError: `the cost of this instance could not be measured: ${(e as Error).message.split('\n')[0]}` };
  }
}

export type Mark = Awaited<ReturnType<ChainSession['mark']>>;

/** The instance's accounting plan (probes the contracts its parameters name: read once per instance). */
async function planOf(ctx: PlayContext): Promise<RiskPlan> {
  const chain = ctx.session.chain.public;
  return riskPlanFor(chain, await riskAssetsFor(chain, ctx.session.env), ctx.base.agent, ctx.instance.params);
}

/**
 * The reference played on the chain as it is now, with the instance's script context and adversary. Its
 * scripts are the task's own code, so they run in this process (see src/sandbox/trusted.ts), not in the sandbox.
 */
async function replayReferenceTxs(ctx: PlayContext<Task>): Promise<RunTx[]> {
  const reference = referenceFor(ctx.task, ctx.session)(ctx.instance.params);
  return (await play({ ...ctx, model: reference, transport: 'text', script: { ...ctx.script, trusted: true } })).txs;
}

/** The reference replayed while the model thinks: what it left (or why not), and when the chain is the model's. */
export interface ReferenceAhead extends ChainShare {
  /** Whether the replay ran ahead (else costOf replays after the model, as without the offer). */
  readonly started: boolean;
  /** How long the replay ahead took, and how long the model's run waited for the chain back (ms). */
  timing(): { aheadMs: number; waitMs: number };
  /** Once started: the plan the reference was captured with; the model's run is measured with the same one. */
  plan?: Promise<RiskPlan>;
  reference?: Promise<{ capture: RunCapture } | { error: unknown }>;
}

/** A model that has not answered within this long is thinking (a script or a cached reply answers in a few ms): the replay goes ahead then. */
export const AHEAD_AFTER_MS = 50;

/**
 * A model spends most of an instance thinking, its chain idle meanwhile; the reference's replay (see
 * costOf) runs then, from the pre-state the model will act on, instead of after the model on the
 * instance's wall time. The solver lends the chain as it asks the model; a model still thinking
 * `startAfterMs` later gets the replay ahead, and its first read or transaction waits until the chain is
 * back at the pre-state, so it sees exactly what it would have, at worst the replay's time later. A
 * model that answers at once (a script, a cached reply) reclaims the chain before anything started:
 * then the reference replays after it, only when it moved something, as without the offer. A wallet
 * agent (`startAfterMs` 0) is thinking from its first moment.
 */
export function referenceAhead(ctx: PlayContext<Task>, mark: Mark, startAfterMs: number): ReferenceAhead {
  const { session } = ctx;
  let state: 'offered' | 'lent' | 'started' | 'kept' = 'offered';
  let timer: NodeJS.Timeout | undefined;
  let ready: Promise<void> = Promise.resolve();
  let startedAt = 0;
  let aheadMs = 0;
  let waitMs = 0;
  const ahead: ReferenceAhead = {
    get started() {
      return state === 'started';
    },
    timing: () => ({ aheadMs: Math.round(aheadMs), waitMs: Math.round(waitMs) }),
    lend() {
      if (state !== 'offered') return;
      state = 'lent';
      if (startAfterMs <= 0) start();
      else timer = setTimeout(start, startAfterMs);
    },
    reclaim() {
      clearTimeout(timer);
      if (state === 'offered' || state === 'lent') state = 'kept';
      const asked = performance.now();
      return ready.finally(() => (waitMs += performance.now() - asked));
    },
  };
  function start() {
    if (state !== 'lent') return;
    state = 'started';
    startedAt = performance.now();
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
    ready = reference.then(async () => {
      await session.rewind(mark);
      // The model's calls count on a budget of their own, as if the reference had not run first.
      await session.proxy.beginInstance();
      aheadMs = performance.now() - startedAt;
    });
    // Awaited by the solver and after the model's run; until then its rejection is theirs to report.
    ready.catch(() => {});
    ahead.plan = plan;
    ahead.reference = reference;
  }
  return ahead;
}
