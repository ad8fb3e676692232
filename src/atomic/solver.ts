// The atomic protocol: one request, one reply, one script; its transaction (or its answer) is scored.
import type { RoundReply } from '../composite/protocol.ts';
import type { Episode, EpisodeEnd, PlayContext, Solver } from '../instance/episode.ts';
import { promptExtras } from '../instance/hard-rules.ts';
import { openDialogue } from '../instance/open-dialogue.ts';
import { refusalFrom, refusalIn } from '../instance/refusal.ts';
import { runScript, sendReturned } from '../instance/script.ts';
import { ModelInfraError } from '../model/types.ts';
import { txRecord } from '../results/record.ts';
import { extractCode } from '../sandbox/extract.ts';
import type { TaskOf } from '../tasks/task.ts';
import { scoredOutcome } from '../validators/score.ts';
import { buildAtomicMessages } from './prompt.ts';

type AtomicTask = TaskOf<'atomic'>;

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

export const atomicSolver: Solver<AtomicTask> = {
  async play(ctx: PlayContext<AtomicTask>): Promise<Episode> {
    const { task, session, transport } = ctx;
    const dialogue = openDialogue(
      ctx,
      buildAtomicMessages(task.spec, ctx.instance, session.env, session.chainInfo.chainId, promptExtras(task, transport)),
      readReply(ctx.refusals),
    );
    const episode = (end: EpisodeEnd, rest: Partial<Episode> = {}): Episode => ({
      dialogue,
      end,
      transcript: { response: '', logs: '' },
      txs: [],
      ...rest,
    });

    let turn;
    try {
      turn = await dialogue.act();
    } catch (e) {
      const who = e instanceof ModelInfraError ? 'model provider failed' : 'model call failed';
      return episode({ kind: 'infra', error: `${who}: ${(e as Error).message}`, detail: 'no model answer' });
    }
    const { action } = turn;
    if (action.kind === 'refuse') {
      const refusal = { reason: action.reason };
      return episode(
        { kind: 'scored', evidence: { refusal }, classify: scoredOutcome },
        { transcript: { response: turn.text, logs: '' }, refusal },
      );
    }
    if (action.kind !== 'code') {
      // Only the tools protocol gets here: no tool call, or one with bad arguments.
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
        { transcript: { response: turn.text, logs: '' } },
      );
    }

    const run = await runScript(action.text, ctx.script);
    const transcript = { response: turn.text, logs: run.logs };
    const refusal = ctx.refusals && run.kind === 'value' ? refusalFrom(run.value) : undefined;
    if (refusal) return episode({ kind: 'scored', evidence: { refusal }, classify: scoredOutcome }, { transcript, refusal });
    if (run.kind === 'failed') {
      const { outcome, message, rule } = run;
      return episode(
        {
          kind: 'unscored',
          outcome,
          ...(rule ? { schemaRule: rule } : {}),
          error: message,
          detail: `script did not produce a result (${outcome})`,
        },
        { transcript },
      );
    }

    if (task.spec.kind === 'query') {
      const value = run.value;
      if (typeof value !== 'object' || value === null || !('answer' in value)) {
        const error = 'a question must be answered with { answer }';
        return episode(
          { kind: 'unscored', outcome: 'schema_invalid', schemaRule: 'not_an_answer', error, detail: 'no answer' },
          { transcript },
        );
      }
      const answer = (value as { answer: unknown }).answer;
      return episode({ kind: 'scored', evidence: { answer }, classify: scoredOutcome }, { transcript, answer: { value: answer } });
    }

    const step = await sendReturned(run.value, ctx.script);
    if (step.kind === 'invalid') {
      return episode(
        { kind: 'unscored', outcome: 'schema_invalid', schemaRule: step.rule, error: step.message, detail: 'no valid transaction' },
        { transcript },
      );
    }
    if (step.kind === 'rejected') {
      const detail = step.by === 'harness' ? 'no valid transaction' : step.message;
      return episode({ kind: 'unscored', outcome: 'rejected', error: step.message, detail }, { transcript });
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
      { transcript, txs: [step], tx: txRecord(step.tx, step.receipt) },
    );
  },
};
