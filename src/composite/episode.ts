import type { Address, TransactionReceipt } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import { signAndSend } from '../execution/send.ts';
import { parseTxRequest } from '../execution/tx-request.ts';
import { ModelInfraError, type ChatMessage, type Model, type ModelReply } from '../model/index.ts';
import { txRecord, type InstanceRecord, type Outcome, type RoundTranscript } from '../results/record.ts';
import { runAnswer } from '../sandbox/index.ts';
import type { Params } from '../tasks/instantiate.ts';
import { prepareInstance } from '../episode/prepare.ts';
import type { CompositeTask } from '../tasks/schema.ts';
import { PASS_LINE, scoreChecks, scoredOutcome } from '../validators/score.ts';
import type { CheckContext, CheckOutcome, SentTransaction, Validator } from '../validators/types.ts';
import { readStandingAllowances } from './allowances.ts';
import { describeChanges, readHoldings } from './feedback.ts';
import { buildCompositeMessages, firstRoundMessage } from './prompt.ts';
import { decayFactor, parseRoundReply, roundBudget } from './protocol.ts';
import { QueryError, runQuery } from './queries.ts';

export interface CompositeRunInput {
  task: CompositeTask;
  validator: Validator;
  /** Builds the model for this instance (the reference model needs the instance's parameters). */
  model: Model | ((params: Params) => Model);
  round: number;
  runSeed: number;
  rounds: number;
  session: ChainSession;
  scriptTimeoutMs: number;
}

type RoundLog = { kind: string; summary: string };

/**
 * One composite episode: a planning call (recorded, not counted), then rounds of one transaction or
 * one control message each, with the outcome fed back, until submit, an error report or the budget.
 * Scored on the end state; the score decays with rounds beyond K_opt.
 */
export async function runCompositeInstance(input: CompositeRunInput): Promise<InstanceRecord> {
  const started = performance.now();
  const { task, validator, session } = input;
  const chainId = session.chainInfo.chainId;
  const { instance, base, pre } = await prepareInstance(task, validator, session, input);
  const agent: Address = base.agent;
  const model = typeof input.model === 'function' ? input.model(instance.params) : input.model;

  const kOpt = task.workflow.optimalSteps;
  const budget = roundBudget(kOpt, task.workflow.maxRoundsMultiplier);
  const allowances = await readStandingAllowances(session.chain.public, session.env, agent);
  const messages: ChatMessage[] = buildCompositeMessages(task, instance, session.env, chainId, budget, { address: agent, allowances });
  const transcriptStart = messages.length;
  const logs: RoundLog[] = [];
  // The same rounds with what the model wrote and what it was told, for the run viewer.
  const turns: RoundTranscript[] = [];
  const txs: { tx: SentTransaction; receipt: TransactionReceipt }[] = [];
  const contracts = Object.fromEntries(Object.entries(session.env).filter(([k]) => k !== 'agent'));
  let tokens = { input: 0, output: 0 };
  let modelMs = 0;
  let sawUsage = false;
  const answers = { live: 0, replayed: 0 };
  let kAct = 0;
  let endReason: 'submit' | 'error_report' | 'budget' = 'budget';
  let submitted: { answer?: unknown } | undefined;
  let plan = '';
  let infra: string | undefined;
  let schemaInvalidRounds = 0;

  const ask = async (): Promise<ModelReply> => {
    const reply = await model.respond(messages, { round: input.round });
    modelMs += reply.latencyMs;
    answers[reply.cached ? 'replayed' : 'live']++;
    if (reply.usage) {
      sawUsage = true;
      tokens = { input: tokens.input + reply.usage.inputTokens, output: tokens.output + reply.usage.outputTokens };
    }
    messages.push({ role: 'assistant', content: reply.text });
    return reply;
  };

  try {
    plan = (await ask()).text;
    messages.push({ role: 'user', content: firstRoundMessage(budget) });
    while (kAct < budget) {
      const turn: RoundTranscript = { reply: (await ask()).text };
      turns.push(turn);
      const reply = parseRoundReply(turn.reply);
      if (reply.kind === 'submit') {
        endReason = 'submit';
        submitted = 'answer' in reply ? { answer: reply.answer } : {};
        break;
      }
      kAct++;
      let feedback: string;
      if (reply.kind === 'error') {
        logs.push({ kind: 'error_report', summary: reply.message });
        endReason = 'error_report';
        break;
      } else if (reply.kind === 'invalid') {
        schemaInvalidRounds++;
        feedback = `not valid (${reply.rule}): ${reply.message}`;
        logs.push({ kind: `schema_invalid:${reply.rule}`, summary: reply.message });
      } else if (reply.kind === 'query') {
        try {
          const result = await runQuery(session.chain.public, session.env, reply.query);
          feedback = `query result: ${JSON.stringify(result)}`;
          logs.push({ kind: 'query', summary: `${reply.query.type} → ${JSON.stringify(result)}` });
        } catch (e) {
          feedback = `query failed: ${(e as Error).message}`;
          logs.push({ kind: 'query_failed', summary: (e as QueryError).message });
        }
      } else {
        feedback = await runTransactionRound(reply.text, turn);
      }
      turn.feedback = `Round ${kAct} result: ${feedback}\nRounds used: ${kAct} of at most ${budget}. Reply with the next step, or {"submit": true} when the request is complete.`;
      messages.push({ role: 'user', content: turn.feedback });
    }
  } catch (e) {
    if (!(e instanceof ModelInfraError)) throw e;
    infra = `model provider failed: ${e.message}`;
  }

  async function runTransactionRound(text: string, turn: RoundTranscript): Promise<string> {
    const run = await session.proxy.runScript((providerUrl, signal) => runAnswer(text, { providerUrl, agentAddress: agent, deployedContracts: contracts }, { timeoutMs: input.scriptTimeoutMs, signal }));
    if (run.logs) turn.logs = run.logs;
    if (run.kind !== 'ok') {
      if (run.kind === 'schema_invalid') schemaInvalidRounds++;
      logs.push({ kind: run.kind === 'schema_invalid' ? `schema_invalid:${run.rule}` : run.kind, summary: run.message });
      return `the script failed (${run.kind}): ${run.message}${run.logs ? `\nlogs:\n${run.logs.slice(-2000)}` : ''}`;
    }
    const shape = parseTxRequest(run.value, agent);
    if (!shape.ok) {
      if (shape.rule !== 'wrong_sender') schemaInvalidRounds++;
      logs.push({ kind: shape.rule === 'wrong_sender' ? 'rejected' : `schema_invalid:${shape.rule}`, summary: shape.message });
      return `no transaction was sent: ${shape.message}`;
    }
    const before = await readHoldings(session.chain.public, session.env, agent);
    const sent = await signAndSend(session.chain, session.account, shape.tx, { chainId, marker: session.marker });
    if (sent.kind === 'rejected') {
      logs.push({ kind: 'rejected', summary: sent.message });
      return `not sent: ${sent.message}`;
    }
    txs.push({ tx: sent.tx, receipt: sent.receipt });
    turn.tx = txRecord(sent.tx, sent.receipt);
    const after = await readHoldings(session.chain.public, session.env, agent);
    const status = sent.receipt.status === 'success' ? 'success' : `REVERTED (${sent.revertReason ?? 'no reason'})`;
    const summary = `tx ${sent.receipt.transactionHash} to ${sent.tx.to}: status ${status}, gas used ${sent.receipt.gasUsed}; balance changes: ${describeChanges(before, after)}`;
    logs.push({ kind: sent.receipt.status === 'success' ? 'tx' : 'tx_reverted', summary });
    return summary;
  }

  const post = await validator.observe?.({ ...base, chain: session.chain.public });
  let checks: CheckOutcome[];
  let baseScore = 0;
  if (infra) {
    checks = validator.checks.map((c) => ({ name: c.name, weight: c.weight, passed: false, detail: 'episode aborted: provider failure' }));
  } else {
    const scored = await scoreChecks(validator, { ...base, chain: session.chain.public, pre, post, txs, answer: submitted?.answer } as CheckContext<unknown, unknown>);
    checks = scored.checks;
    baseScore = scored.score;
  }
  const decay = decayFactor(kOpt, kAct);
  const score = Math.round(baseScore * decay * 100) / 100;
  // Below the pass line, say why when the episode shows it: only reverts, or only invalid replies.
  const scored = scoredOutcome(score);
  const outcome: Outcome = infra
    ? 'infra'
    : scored !== 'wrong_state'
      ? scored
      : txs.length > 0 && txs.every((t) => t.receipt.status !== 'success')
        ? 'reverted'
        : schemaInvalidRounds > 0 && txs.length === 0
          ? 'schema_invalid'
          : 'wrong_state';
  return {
    taskId: task.id,
    split: 'composite',
    subcategory: task.workflow.pattern,
    round: input.round,
    seed: instance.seed,
    templateIndex: instance.templateIndex,
    params: instance.params,
    instruction: instance.instruction,
    score,
    passed: score >= PASS_LINE,
    outcome,
    ...(infra ? { error: infra } : endReason === 'budget' ? { error: `round budget of ${budget} used up without a submit` } : {}),
    checks,
    latencyMs: Math.round(performance.now() - started),
    modelLatencyMs: Math.round(modelMs),
    ...(sawUsage ? { tokens } : {}),
    answers,
    ...(answers.replayed > 0 ? { cached: true } : {}),
    ...(submitted && 'answer' in submitted ? { answer: submitted.answer } : {}),
    transcript: {
      messages: messages.slice(0, transcriptStart),
      response: messages.slice(transcriptStart).map((m) => `[${m.role}] ${m.content}`).join('\n\n'),
      logs: '',
      rounds: turns,
    },
    composite: { pattern: task.workflow.pattern, kAct, kOpt, budget, baseScore, decay, endReason, plan, rounds: logs },
    model: model.id,
    agent,
    chain: session.chainInfo,
    runSeed: input.runSeed,
    rounds: input.rounds,
  };
}
