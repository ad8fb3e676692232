// The composite protocol: a planning call (recorded, not counted), then rounds of one transaction or
// one control message each, with the outcome fed back, until submit, an error report or the budget.
// Scored on the end state; the score decays with rounds beyond K_opt.
import { ModelInfraError } from '../model/types.ts';
import { txRecord, type Outcome, type RoundTranscript } from '../results/record.ts';
import type { Dialogue } from '../episode/dialogue.ts';
import { openDialogue } from '../episode/open-dialogue.ts';
import type { Episode, EpisodeEnd, PlayContext, Solver, TaskToPlayOf } from '../episode/episode.ts';
import { runScript, sendReturned, type MinedTx } from '../episode/script.ts';
import { refusalFrom, type Refusal } from '../episode/refusal.ts';
import { promptExtras } from '../episode/hard-rules.ts';
import { scoredOutcome } from '../validators/score.ts';
import { readStandingAllowances } from './allowances.ts';
import { describeChanges, readHoldings, type Holdings } from './feedback.ts';
import { buildCompositeMessages, firstRoundMessage, roundFeedback } from './prompt.ts';
import { parseRoundReply, type RoundReply } from '../episode/round-reply.ts';
import { decayFactor, roundBudget } from './protocol.ts';
import { runQuery } from './queries.ts';

type CompositeTask = TaskToPlayOf<'composite'>;
type EndReason = 'submit' | 'error_report' | 'budget' | 'refusal';

/** The state of one episode, round by round. */
class CompositeEpisode {
  readonly kOpt: number;
  readonly budget: number;
  kAct = 0;
  endReason: EndReason = 'budget';
  submitted: { answer?: unknown } | undefined;
  plan = '';
  infra: string | undefined;
  refusal: Refusal | undefined;
  schemaInvalidRounds = 0;
  /** One line per executed round for the record, and each reply with what it led to for the viewer. */
  readonly log: { kind: string; summary: string }[] = [];
  readonly turns: RoundTranscript[] = [];
  readonly txs: MinedTx[] = [];
  /** The wallet's holdings after the episode's last transaction, read for its feedback. */
  private holdings: Holdings | undefined;

  constructor(
    private readonly ctx: PlayContext<CompositeTask>,
    readonly dialogue: Dialogue,
  ) {
    this.kOpt = ctx.task.spec.workflow.optimalSteps;
    this.budget = roundBudget(this.kOpt, ctx.task.spec.workflow.maxRoundsMultiplier);
  }

  /** Plan, then rounds until the episode ends; a provider failure ends it as infra. */
  async play(): Promise<void> {
    const { transport } = this.ctx;
    try {
      this.plan = await this.dialogue.say();
      this.dialogue.answer(firstRoundMessage(this.budget, transport));
      while (this.kAct < this.budget) {
        const { text, action } = await this.dialogue.act();
        const turn: RoundTranscript = { reply: text };
        this.turns.push(turn);
        const feedback = await this.round(action, turn);
        if (feedback === undefined) break;
        turn.feedback = roundFeedback(this.kAct, this.budget, feedback, transport);
        this.dialogue.answer(turn.feedback);
      }
    } catch (e) {
      if (!(e instanceof ModelInfraError)) throw e;
      this.infra = `model provider failed: ${e.message}`;
    }
  }

  /** Executes one reply; returns the feedback, or undefined when the reply ended the episode. */
  private async round(reply: RoundReply, turn: RoundTranscript): Promise<string | undefined> {
    if (reply.kind === 'submit') {
      this.endReason = 'submit';
      this.submitted = 'answer' in reply ? { answer: reply.answer } : {};
      return undefined;
    }
    this.kAct++;
    // The chain may still be the harness's (see ChainShare) until the first round that reads or acts.
    await this.ctx.chainShare?.reclaim();
    switch (reply.kind) {
      case 'error':
        this.log.push({ kind: 'error_report', summary: reply.message });
        this.endReason = 'error_report';
        return undefined;
      case 'refuse':
        return this.refuse({ reason: reply.reason });
      case 'invalid':
        this.schemaInvalidRounds++;
        this.log.push({ kind: `schema_invalid:${reply.rule}`, summary: reply.message });
        return `not valid (${reply.rule}): ${reply.message}`;
      case 'query':
        return this.query(reply.query);
      case 'code':
        return this.transaction(reply.text, turn);
    }
  }

  /** A refusal ends the episode (the hard split only). */
  private refuse(refusal: Refusal): undefined {
    this.refusal = refusal;
    this.log.push({ kind: 'refusal', summary: refusal.reason });
    this.endReason = 'refusal';
    return undefined;
  }

  private async query(query: Extract<RoundReply, { kind: 'query' }>['query']): Promise<string> {
    const { session } = this.ctx;
    try {
      const result = await runQuery(session.chain.public, session.scriptEnv, query, session.profile.native);
      this.log.push({ kind: 'query', summary: `${query.type} → ${JSON.stringify(result)}` });
      return `query result: ${JSON.stringify(result)}`;
    } catch (e) {
      this.log.push({ kind: 'query_failed', summary: (e as Error).message });
      return `query failed: ${(e as Error).message}`;
    }
  }

  private async transaction(text: string, turn: RoundTranscript): Promise<string | undefined> {
    const { session, base } = this.ctx;
    const run = await runScript(text, this.ctx.script);
    if (run.logs) turn.logs = run.logs;
    const refusal = run.kind === 'value' && this.ctx.refusals ? refusalFrom(run.value) : undefined;
    if (refusal) return this.refuse(refusal);
    if (run.kind === 'failed') {
      if (run.outcome === 'schema_invalid') this.schemaInvalidRounds++;
      this.log.push({ kind: run.outcome === 'schema_invalid' ? `schema_invalid:${run.rule}` : run.outcome, summary: run.message });
      return `the script failed (${run.outcome}): ${run.message}${run.logs ? `\nlogs:\n${run.logs.slice(-2000)}` : ''}`;
    }
    // Only this episode's transactions move the wallet's holdings (scripts read, and no block is mined
    // without a transaction), so the holdings after the last one are the holdings now.
    const before = this.holdings ?? (await readHoldings(session.chain.public, session.scriptEnv, base.agent, session.profile));
    const step = await sendReturned(run.value, this.ctx.script);
    if (step.kind === 'invalid') {
      this.schemaInvalidRounds++;
      this.log.push({ kind: `schema_invalid:${step.rule}`, summary: step.message });
      return `no transaction was sent: ${step.message}`;
    }
    if (step.kind === 'rejected') {
      this.log.push({ kind: 'rejected', summary: step.message });
      return step.by === 'harness' ? `no transaction was sent: ${step.message}` : `not sent: ${step.message}`;
    }
    this.txs.push(step);
    turn.tx = txRecord(step.tx, step.receipt);
    const after = await readHoldings(session.chain.public, session.scriptEnv, base.agent, session.profile);
    this.holdings = after;
    const status = step.receipt.status === 'success' ? 'success' : `REVERTED (${step.revertReason ?? 'no reason'})`;
    const summary = `tx ${step.receipt.transactionHash} to ${step.tx.to}: status ${status}, gas used ${step.receipt.gasUsed}; balance changes: ${describeChanges(before, after, session.profile)}`;
    this.log.push({ kind: step.receipt.status === 'success' ? 'tx' : 'tx_reverted', summary });
    return summary;
  }

  /** Below the pass line, say why when the episode shows it: only reverts, or only invalid replies. */
  classify(score: number): Outcome {
    const scored = scoredOutcome(score);
    if (scored !== 'wrong_state') return scored;
    if (this.txs.length > 0 && this.txs.every((t) => t.receipt.status !== 'success')) return 'reverted';
    if (this.schemaInvalidRounds > 0 && this.txs.length === 0) return 'schema_invalid';
    return 'wrong_state';
  }

  end(): EpisodeEnd {
    if (this.infra) return { kind: 'infra', error: this.infra, detail: 'episode aborted: provider failure' };
    return {
      kind: 'scored',
      evidence: { txs: this.txs, answer: this.submitted?.answer, ...(this.refusal ? { refusal: this.refusal } : {}) },
      classify: (score) => this.classify(score),
      ...(this.endReason === 'budget' ? { error: `round budget of ${this.budget} used up without a submit` } : {}),
    };
  }
}

export const compositeSolver: Solver<CompositeTask> = {
  async play(ctx: PlayContext<CompositeTask>): Promise<Episode> {
    const { task, session, base } = ctx;
    const kOpt = task.spec.workflow.optimalSteps;
    const budget = roundBudget(kOpt, task.spec.workflow.maxRoundsMultiplier);
    // The harness's replay of the reference plays scripted rounds: they read the feedback, never the prompt.
    const allowances = ctx.script.trusted
      ? []
      : await readStandingAllowances(session.chain.public, session.scriptEnv, base.agent, session.profile);
    const wallet = { address: base.agent, allowances };
    const prompt = buildCompositeMessages(
      task.spec,
      ctx.instance,
      session.scriptEnv,
      session.chainInfo.chainId,
      budget,
      wallet,
      promptExtras(task, ctx.transport, ctx.lesson, session.profile),
    );
    const e = new CompositeEpisode(
      ctx,
      openDialogue(ctx, prompt, (text) => parseRoundReply(text, { refusals: ctx.refusals })),
    );
    ctx.chainShare?.lend();
    await e.play();
    return {
      dialogue: e.dialogue,
      end: e.end(),
      transcript: { response: e.dialogue.transcript(), logs: '', rounds: e.turns },
      txs: e.txs,
      ...(e.submitted && 'answer' in e.submitted ? { answer: { value: e.submitted.answer } } : {}),
      ...(e.refusal ? { refusal: e.refusal } : {}),
      decay: decayFactor(kOpt, e.kAct),
      composite: { pattern: task.spec.workflow.pattern, kAct: e.kAct, kOpt, budget, endReason: e.endReason, plan: e.plan, rounds: e.log },
    };
  },
};
