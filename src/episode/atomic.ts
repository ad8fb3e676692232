import type { Address } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import { signAndSend } from '../execution/send.ts';
import { parseTxRequest } from '../execution/tx-request.ts';
import { ModelInfraError, type Model, type ModelReply } from '../model/index.ts';
import { txRecord, type InstanceRecord, type Outcome } from '../results/record.ts';
import { runAnswer } from '../sandbox/index.ts';
import { prepareInstance } from './prepare.ts';
import type { Params } from '../tasks/instantiate.ts';
import type { AtomicTask } from '../tasks/schema.ts';
import { PASS_LINE, scoreChecks, scoredOutcome } from '../validators/score.ts';
import type { CheckContext, CheckOutcome, SentTransaction, Validator } from '../validators/types.ts';
import { buildAtomicMessages } from './prompt.ts';

export interface AtomicRunInput {
  task: AtomicTask;
  validator: Validator;
  round: number;
  runSeed: number;
  rounds: number;
  session: ChainSession;
  /** A model, or (the built-in reference) one built for the instance's parameters on the harness's side. */
  model: Model | ((params: Params) => Model);
  scriptTimeoutMs: number;
}

function zeroChecks(validator: Validator, detail: string): CheckOutcome[] {
  return validator.checks.map((c) => ({ name: c.name, weight: c.weight, passed: false, detail }));
}

/** One atomic instance end to end: instantiate, reset the chain, ask, run the script, execute, score. */
export async function runAtomicInstance(input: AtomicRunInput): Promise<InstanceRecord> {
  const started = performance.now();
  const { task, validator, session } = input;
  const chainId = session.chainInfo.chainId;
  const { instance, base, pre } = await prepareInstance(task, validator, session, input);
  const model = typeof input.model === 'function' ? input.model(instance.params) : input.model;
  const agent: Address = base.agent;
  const messages = buildAtomicMessages(task, instance, session.env, chainId);

  const record = (fields: {
    score?: number;
    outcome: Outcome;
    checks: CheckOutcome[];
    schemaRule?: InstanceRecord['schemaRule'];
    error?: string;
    reply?: ModelReply;
    logs?: string;
    tx?: InstanceRecord['tx'];
    answer?: unknown;
  }): InstanceRecord => {
    const score = fields.score ?? 0;
    return {
      taskId: task.id,
      split: 'atomic',
      subcategory: task.subcategory,
      round: input.round,
      seed: instance.seed,
      templateIndex: instance.templateIndex,
      params: instance.params,
      instruction: instance.instruction,
      score,
      passed: score >= PASS_LINE,
      outcome: fields.outcome,
      ...(fields.schemaRule ? { schemaRule: fields.schemaRule } : {}),
      ...(fields.error ? { error: fields.error } : {}),
      checks: fields.checks,
      latencyMs: Math.round(performance.now() - started),
      ...(fields.reply ? { modelLatencyMs: Math.round(fields.reply.latencyMs) } : {}),
      ...(fields.reply?.usage ? { tokens: { input: fields.reply.usage.inputTokens, output: fields.reply.usage.outputTokens } } : {}),
      ...(fields.reply ? { answers: fields.reply.cached ? { live: 0, replayed: 1 } : { live: 1, replayed: 0 } } : {}),
      ...(fields.reply?.cached ? { cached: true } : {}),
      ...(fields.tx ? { tx: fields.tx } : {}),
      ...('answer' in fields ? { answer: fields.answer } : {}),
      transcript: { messages, response: fields.reply?.text ?? '', logs: fields.logs ?? '' },
      model: model.id,
      agent,
      chain: session.chainInfo,
      runSeed: input.runSeed,
      rounds: input.rounds,
    };
  };

  let reply: ModelReply;
  try {
    reply = await model.respond(messages, { round: input.round });
  } catch (e) {
    const infra = e instanceof ModelInfraError;
    return record({ outcome: 'infra', checks: zeroChecks(validator, 'no model answer'), error: `${infra ? 'model provider failed' : 'model call failed'}: ${(e as Error).message}` });
  }

  const contracts = Object.fromEntries(Object.entries(session.env).filter(([k]) => k !== 'agent'));
  const run = await session.proxy.runScript((providerUrl, signal) => runAnswer(reply.text, { providerUrl, agentAddress: agent, deployedContracts: contracts }, { timeoutMs: input.scriptTimeoutMs, signal }));
  if (run.kind !== 'ok') {
    const checks = zeroChecks(validator, `script did not produce a result (${run.kind})`);
    if (run.kind === 'schema_invalid') return record({ outcome: 'schema_invalid', schemaRule: run.rule, error: run.message, checks, reply, logs: run.logs });
    return record({ outcome: run.kind, error: run.message, checks, reply, logs: run.logs });
  }

  const ctxBase = { ...base, chain: session.chain.public, pre };
  if (task.kind === 'query') {
    const value = run.value;
    if (typeof value !== 'object' || value === null || !('answer' in value)) {
      return record({ outcome: 'schema_invalid', schemaRule: 'not_an_answer', error: 'a question must be answered with { answer }', checks: zeroChecks(validator, 'no answer'), reply, logs: run.logs });
    }
    const answer = (value as { answer: unknown }).answer;
    const post = await validator.observe?.({ ...base, chain: session.chain.public });
    const { score, checks } = await scoreChecks(validator, { ...ctxBase, post, answer } as CheckContext<unknown, unknown>);
    return record({ score, outcome: scoredOutcome(score), checks, reply, logs: run.logs, answer });
  }

  const shape = parseTxRequest(run.value, agent);
  if (!shape.ok) {
    const checks = zeroChecks(validator, 'no valid transaction');
    if (shape.rule === 'wrong_sender') return record({ outcome: 'rejected', error: shape.message, checks, reply, logs: run.logs });
    return record({ outcome: 'schema_invalid', schemaRule: shape.rule, error: shape.message, checks, reply, logs: run.logs });
  }
  const sent = await signAndSend(session.chain, session.account, shape.tx, { chainId, marker: session.marker });
  if (sent.kind === 'rejected') {
    return record({ outcome: 'rejected', error: sent.message, checks: zeroChecks(validator, sent.message), reply, logs: run.logs });
  }
  const post = await validator.observe?.({ ...base, chain: session.chain.public });
  const tx: SentTransaction = sent.tx;
  const { score, checks } = await scoreChecks(validator, { ...ctxBase, post, tx, receipt: sent.receipt } as CheckContext<unknown, unknown>);
  const reverted = sent.receipt.status !== 'success';
  return record({
    score,
    outcome: reverted ? 'reverted' : scoredOutcome(score),
    ...(reverted ? { error: `reverted: ${sent.revertReason}` } : {}),
    checks,
    reply,
    logs: run.logs,
    tx: txRecord(tx, sent.receipt),
  });
}
