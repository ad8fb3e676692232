// An execution task's quality: the task's naive execution replayed from the pre-state and the validator's
// optimum give the scale (before the model plays); the model's end state is valued on it after.
import { QuestError } from '../errors.ts';
import type { PlayContext } from '../episode/episode.ts';
import { referenceModel } from '../model/reference.ts';
import type { QualityRecord } from '../results/quality-record.ts';
import type { CheckContext, CheckOutcome } from '../validators/types.ts';
import { play } from './play.ts';
import type { PreparedInstance } from './prepare.ts';
import type { Task } from './task.ts';

/** The scale of an instance's quality: its weight, and the wallet's USD after the naive execution and after the optimum. */
export interface QualityScale {
  weight: number;
  naive: number;
  optimum: number;
}

/** An execution task whose naive execution or optimum cannot be valued is broken, not the model's fault. */
class QualityScaleError extends QuestError {
  override name = 'QualityScaleError';
  constructor(taskId: string, message: string) {
    super('QUALITY_SCALE', `${taskId}: ${message}`, {
      hint: "run the task's tests (test/hard-tasks.test.ts -t <id>): its naive execution must score every check",
    });
  }
}

/**
 * Scales already measured on a session: an instance (task, seed, wallet) starts from the same pre-state
 * every time it is played there (the chain is reset to its boot state), so its scale is the same too.
 */
const measured = new WeakMap<object, Map<string, QualityScale>>();

/**
 * The quality scale of the instance, or undefined for a task without a quality part. The naive execution
 * is the task's own code, so it runs as a trusted script through the instance's adversary, from the
 * pre-state, and the chain goes back there (with a fresh call budget) before the model is asked.
 */
export async function qualityScale(ctx: PlayContext<Task>, prepared: PreparedInstance): Promise<QualityScale | undefined> {
  const { task, session } = ctx;
  const spec = task.validator.quality;
  if (!spec || task.protocol !== 'atomic' || task.split !== 'hard' || !task.spec.quality || task.naive === undefined) return undefined;
  const known = measured.get(session) ?? new Map<string, QualityScale>();
  measured.set(session, known);
  const key = JSON.stringify([task.id, task.naive, prepared.instance.seed, prepared.instance.params, prepared.base.agent], (_, v) =>
    typeof v === 'bigint' ? v.toString() : v,
  );
  const hit = known.get(key);
  if (hit) return hit;
  const scale = await measureScale(ctx, prepared, spec, task.spec.quality.weight, task.naive);
  known.set(key, scale);
  return scale;
}

async function measureScale(
  ctx: PlayContext<Task>,
  prepared: PreparedInstance,
  spec: NonNullable<Task['validator']['quality']>,
  weight: number,
  naiveSource: string,
): Promise<QualityScale> {
  const { task, session } = ctx;
  const chain = session.chain.public;
  const optimum = await spec.optimum({ ...prepared.base, chain, pre: prepared.pre });
  const mark = await session.mark();
  try {
    const model = referenceModel(task.id, naiveSource, prepared.instance.params);
    const episode = await play({ ...ctx, model, transport: 'text', script: { ...ctx.script, trusted: true } });
    if (episode.end.kind !== 'scored') throw new QualityScaleError(task.id, `its naive execution did not run: ${episode.end.detail}`);
    const post = await task.validator.observe?.({ ...prepared.base, chain });
    const naive = await spec.value({ ...prepared.base, chain, pre: prepared.pre, post, ...episode.end.evidence } as CheckContext<
      unknown,
      unknown
    >);
    if (!Number.isFinite(naive) || !Number.isFinite(optimum))
      throw new QualityScaleError(task.id, `the value of its naive execution (${naive}) or its optimum (${optimum}) is not a number`);
    return { weight, naive, optimum };
  } finally {
    await session.rewind(mark);
    await session.proxy.beginInstance();
  }
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/**
 * The quality of the model's end state on the scale: its share of the way from naive to optimum, and the
 * points it earns of the weight, counted only when every check passed (a wrong end state scores as
 * without the quality part). An instance whose optimum is no better than naive gives its points to any
 * correct end state at least as good as naive.
 */
export async function qualityOf(
  scale: QualityScale,
  value: (() => Promise<number>) | undefined,
  checks: readonly CheckOutcome[],
): Promise<QualityRecord> {
  const head = { weight: scale.weight, naive: cents(scale.naive), optimum: cents(scale.optimum) };
  if (!value) return { ...head, share: 0, points: 0, detail: 'no end state to value' };
  const v = await value();
  const span = scale.optimum - scale.naive;
  const raw = span > 0 ? (v - scale.naive) / span : v >= scale.naive - 1e-9 ? 1 : 0;
  const share = Math.min(1, Math.max(0, raw));
  const correct = checks.every((c) => c.passed);
  return {
    ...head,
    value: cents(v),
    share: Math.round(share * 10_000) / 10_000,
    points: correct ? Math.round(scale.weight * share * 100) / 100 : 0,
    leftOnTableUsd: cents(Math.max(0, scale.optimum - v)),
    ...(correct ? {} : { detail: 'a check failed: quality counts only for a correct end state' }),
  };
}
