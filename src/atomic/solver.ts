// The atomic protocol: one request, one reply, one script; its transaction (or its answer) is scored.
import type { RoundReply } from '../episode/round-reply.ts';
import type { Dialogue, Turn } from '../episode/dialogue.ts';
import type { Episode, EpisodeEnd, PlayContext, Solver, TaskToPlayOf } from '../episode/episode.ts';
import { promptExtras } from '../episode/hard-rules.ts';
import { openDialogue } from '../episode/open-dialogue.ts';
import { refusalFrom, refusalIn } from '../episode/refusal.ts';
import { runScript, type ScriptRun, sendReturned } from '../episode/script.ts';
import { ModelInfraError } from '../model/types.ts';
import { txRecord } from '../results/record.ts';
import { extractCode } from '../sandbox/extract.ts';
import { scoredOutcome } from '../validators/score.ts';
import { buildAtomicMessages } from './prompt.ts';

type AtomicTask = TaskToPlayOf<'atomic'>;

/**
 * A text reply is its script; the sandbox judges the code (or the lack of it). Where refusals count,
 * a reply with no code that is a JSON refusal is one.
 */
const readReply =
  (refusals: boolean) =>
  (text: string): RoundReply => {
    const refusal = refusals && 'error' in extractCode(text) ? refusalIn(text) : undefined;
    return refusal ? { kind: 'refuse', reason: refusal.reason } : { kind: 'code', text };
  };

/** Builds the episode with its ending; `rest` fills in what the ending was reached with. */
type EndWith = (end: EpisodeEnd, rest?: Partial<Episode>) => Episode;

/** The model's turn, or the ending when the call to it failed (not the model's score). */
async function modelTurn(dialogue: Dialogue): Promise<{ turn: Turn } | { end: EpisodeEnd }> {
  try {
    return { turn: await dialogue.act() };
  } catch (e) {
    const who = e instanceof ModelInfraError ? 'model provider failed' : 'model call failed';
    return { end: { kind: 'infra', error: `${who}: ${(e as Error).message}`, detail: 'no model answer' } };
  }
}

/** A reply that is no script: a refusal is scored, anything else ends schema_invalid. */
function endWithoutCode(turn: Turn, action: Exclude<RoundReply, { kind: 'code' }>, episode: EndWith): Episode {
  const transcript = { response: turn.text, logs: '' };
  if (action.kind === 'refuse') {
    const refusal = { reason: action.reason };
    return episode({ kind: 'scored', evidence: { refusal }, classify: scoredOutcome }, { transcript, refusal });
  }
  // No tool call, or one with bad arguments, or a reply the AI SDK rejected for what the model did in it.
  const { rule, message } =
    action.kind === 'invalid'
      ? action
      : { rule: 'bad_control_json' as const, message: `${action.kind} is not an answer to a single request` };
  return episode(
    {
      kind: 'unscored',
      outcome: 'schema_invalid',
      schemaRule: rule,
      error: message,
      detail: 'script did not produce a result (schema_invalid)',
    },
    { transcript },
  );
}

/** What the script's run comes to: a refusal, a failure, the answer to a question, or its transaction. */
async function endOfRun(ctx: PlayContext<AtomicTask>, run: ScriptRun, episode: EndWith): Promise<Episode> {
  const refusal = ctx.refusals && run.kind === 'value' ? refusalFrom(run.value) : undefined;
  if (refusal) return episode({ kind: 'scored', evidence: { refusal }, classify: scoredOutcome }, { refusal });
  if (run.kind === 'failed') {
    const { outcome, message, rule } = run;
    return episode({
      kind: 'unscored',
      outcome,
      ...(rule ? { schemaRule: rule } : {}),
      error: message,
      detail: `script did not produce a result (${outcome})`,
    });
  }
  if (ctx.task.spec.kind === 'query') return endWithAnswer(run.value, episode);
  return endWithTransaction(ctx, run.value, episode);
}

/** A question's script must return `{ answer }`; the answer is scored. */
function endWithAnswer(value: unknown, episode: EndWith): Episode {
  if (typeof value !== 'object' || value === null || !('answer' in value)) {
    const error = 'a question must be answered with { answer }';
    return episode({ kind: 'unscored', outcome: 'schema_invalid', schemaRule: 'not_an_answer', error, detail: 'no answer' });
  }
  const answer = (value as { answer: unknown }).answer;
  return episode({ kind: 'scored', evidence: { answer }, classify: scoredOutcome }, { answer: { value: answer } });
}

/** Sends what the script returned; the mined transaction is scored. */
async function endWithTransaction(ctx: PlayContext<AtomicTask>, value: unknown, episode: EndWith): Promise<Episode> {
  const step = await sendReturned(value, ctx.script);
  if (step.kind === 'invalid') {
    return episode({
      kind: 'unscored',
      outcome: 'schema_invalid',
      schemaRule: step.rule,
      error: step.message,
      detail: 'no valid transaction',
    });
  }
  if (step.kind === 'rejected') {
    const detail = step.by === 'harness' ? 'no valid transaction' : step.message;
    return episode({ kind: 'unscored', outcome: 'rejected', error: step.message, detail });
  }
  // Under an adversary a revert can be the right outcome (revertMayScore): then the score says what it was.
  const reverted = step.receipt.status !== 'success' && !ctx.task.validator.revertMayScore;
  return episode(
    {
      kind: 'scored',
      evidence: { tx: step.tx, receipt: step.receipt },
      classify: (score) => (reverted ? 'reverted' : scoredOutcome(score)),
      ...(reverted ? { error: `reverted: ${step.revertReason}` } : {}),
    },
    { txs: [step], tx: txRecord(step.tx, step.receipt) },
  );
}

export const atomicSolver: Solver<AtomicTask> = {
  async play(ctx: PlayContext<AtomicTask>): Promise<Episode> {
    const { task, session, transport } = ctx;
    const dialogue = openDialogue(
      ctx,
      buildAtomicMessages(
        task.spec,
        ctx.instance,
        session.scriptEnv,
        session.chainInfo.chainId,
        promptExtras(task, transport, ctx.lesson, session.profile),
      ),
      readReply(ctx.refusals),
    );
    const episode: EndWith = (end, rest = {}) => ({
      dialogue,
      end,
      transcript: { response: '', logs: '' },
      txs: [],
      ...rest,
    });

    ctx.chainShare?.lend();
    const asked = await modelTurn(dialogue);
    if ('end' in asked) return episode(asked.end);
    const { turn } = asked;
    if (turn.action.kind !== 'code') return endWithoutCode(turn, turn.action, episode);
    await ctx.chainShare?.reclaim();
    const run = await runScript(turn.action.text, ctx.script);
    const transcript = { response: turn.text, logs: run.logs };
    return endOfRun(ctx, run, (end, rest = {}) => episode(end, { transcript, ...rest }));
  },
};
