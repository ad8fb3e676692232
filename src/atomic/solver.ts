// The atomic protocol: one request, one reply, one script; its transaction (or its answer) is scored.
import { ModelInfraError } from '../model/types.ts';
import { txRecord } from '../results/record.ts';
import { Conversation } from '../instance/conversation.ts';
import { hardRules } from '../instance/hard-rules.ts';
import type { Episode, EpisodeEnd, PlayContext, Solver } from '../instance/episode.ts';
import { refusalFrom, refusalIn } from '../instance/refusal.ts';
import { runScript, sendReturned } from '../instance/script.ts';
import type { TaskOf } from '../tasks/task.ts';
import { scoredOutcome } from '../validators/score.ts';
import { buildAtomicMessages } from './prompt.ts';

type AtomicTask = TaskOf<'atomic'>;

export const atomicSolver: Solver<AtomicTask> = {
  async play(ctx: PlayContext<AtomicTask>): Promise<Episode> {
    const { task, session } = ctx;
    const conversation = new Conversation(buildAtomicMessages(task.spec, ctx.instance, session.env, session.chainInfo.chainId, ctx.refusals ? hardRules('atomic') : undefined));
    const episode = (end: EpisodeEnd, rest: Partial<Episode> = {}): Episode => ({
      conversation,
      end,
      transcript: { response: '', logs: '' },
      txs: [],
      ...rest,
    });

    let text: string;
    try {
      text = (await conversation.ask(ctx.model, ctx.round)).text;
    } catch (e) {
      const who = e instanceof ModelInfraError ? 'model provider failed' : 'model call failed';
      return episode({ kind: 'infra', error: `${who}: ${(e as Error).message}`, detail: 'no model answer' });
    }

    const run = await runScript(text, ctx.script);
    const transcript = { response: text, logs: run.logs };
    // A refusal in words (a reply with no code) or from a script that read the chain first.
    const refusal = !ctx.refusals ? undefined : run.kind === 'value' ? refusalFrom(run.value) : run.rule === 'no_code_block' ? refusalIn(text) : undefined;
    if (refusal) return episode({ kind: 'scored', evidence: { refusal }, classify: scoredOutcome }, { transcript, refusal });
    if (run.kind === 'failed') {
      const { outcome, message, rule } = run;
      return episode({ kind: 'unscored', outcome, ...(rule ? { schemaRule: rule } : {}), error: message, detail: `script did not produce a result (${outcome})` }, { transcript });
    }

    if (task.spec.kind === 'query') {
      const value = run.value;
      if (typeof value !== 'object' || value === null || !('answer' in value)) {
        const error = 'a question must be answered with { answer }';
        return episode({ kind: 'unscored', outcome: 'schema_invalid', schemaRule: 'not_an_answer', error, detail: 'no answer' }, { transcript });
      }
      const answer = (value as { answer: unknown }).answer;
      return episode({ kind: 'scored', evidence: { answer }, classify: scoredOutcome }, { transcript, answer: { value: answer } });
    }

    const step = await sendReturned(run.value, ctx.script);
    if (step.kind === 'invalid') {
      return episode({ kind: 'unscored', outcome: 'schema_invalid', schemaRule: step.rule, error: step.message, detail: 'no valid transaction' }, { transcript });
    }
    if (step.kind === 'rejected') {
      const detail = step.by === 'harness' ? 'no valid transaction' : step.message;
      return episode({ kind: 'unscored', outcome: 'rejected', error: step.message, detail }, { transcript });
    }
    const reverted = step.receipt.status !== 'success';
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
