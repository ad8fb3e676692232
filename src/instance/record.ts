// The one place an instance's record is put together: every protocol's episodes and the harness's
// own failures end up in the same shape.
import { chainProfile, inChainTerms } from '../tasks/chain-profile.ts';
import type { Address } from 'viem';
import type { ChainInfo } from '../chain/session.ts';
import { enterStageSync } from '../fault-points.ts';
import type { InstanceRecord } from '../results/record.ts';
import { instantiate, type EnvMap, type Instance } from '../tasks/instantiate.ts';
import { deriveSeed } from '../tasks/prng.ts';
import type { Task } from './task.ts';
import { PASS_LINE } from '../validators/score.ts';
import type { CheckOutcome, Validator } from '../validators/types.ts';

/** Where an instance sits and who played it: the fields every record of it carries. */
export interface RecordHead {
  task: Task;
  instance: Instance;
  /** The model's id as results name it. */
  model: string;
  /** The wallet the model acted for (absent when the harness failed before it had one). */
  agent?: Address;
  chain: ChainInfo;
  runSeed: number;
  rounds: number;
}

/** The rest of a record: how the instance scored and what happened in it. */
export type RecordBody = Pick<InstanceRecord, 'score' | 'outcome' | 'checks' | 'latencyMs' | 'transcript'> &
  Partial<
    Pick<
      InstanceRecord,
      | 'schemaRule'
      | 'error'
      | 'modelLatencyMs'
      | 'tokens'
      | 'answers'
      | 'cached'
      | 'tx'
      | 'answer'
      | 'refusal'
      | 'risk'
      | 'riskError'
      | 'quality'
      | 'composite'
      | 'walletAgent'
      | 'protocol'
    >
  >;

/** The group results report a task under: an atomic task's subcategory, a composite task's pattern. */
export const taskGroup = (task: Task): string => ('workflow' in task.spec ? task.spec.workflow.pattern : task.spec.subcategory);

export function buildRecord(head: RecordHead, body: RecordBody): InstanceRecord {
  enterStageSync('record');
  const { task, instance } = head;
  const { score, outcome, schemaRule, error, checks: scored, latencyMs, transcript, composite, ...replies } = body;
  // Checks are written in BSC's words; a record of another chain says them in its own (BNB → ETH on Base).
  const chain = chainProfile(head.chain.profile ?? 'bsc');
  const checks = chain.terms.length
    ? scored.map((c) => ({ ...c, name: inChainTerms(chain, c.name), ...(c.detail ? { detail: inChainTerms(chain, c.detail) } : {}) }))
    : scored;
  return {
    taskId: task.id,
    split: task.split,
    ...(task.split === 'hard'
      ? { hazard: task.spec.hazard, mechanisms: [...task.spec.mechanisms], expects: task.spec.expects, note: task.spec.note }
      : {}),
    subcategory: taskGroup(task),
    round: instance.round,
    seed: instance.seed,
    templateIndex: instance.templateIndex,
    params: instance.params,
    instruction: instance.instruction,
    score,
    passed: score >= PASS_LINE,
    outcome,
    ...(schemaRule ? { schemaRule } : {}),
    ...(error ? { error } : {}),
    checks,
    latencyMs,
    ...replies,
    transcript,
    ...(composite ? { composite } : {}),
    model: head.model,
    ...(head.agent ? { agent: head.agent } : {}),
    chain: head.chain,
    runSeed: head.runSeed,
    rounds: head.rounds,
  };
}

/** Every check failed with the same reason: nothing could be scored. */
export function zeroChecks(validator: Validator, detail: string): CheckOutcome[] {
  return validator.checks.map((c) => ({ name: c.name, weight: c.weight, passed: false, detail }));
}

export interface InfraInput {
  task: Task;
  round: number;
  runSeed: number;
  rounds: number;
  env: EnvMap;
  model: string;
  error: string;
  chain: ChainInfo;
}

/**
 * The record of an instance the harness could not complete (node down twice, an internal error):
 * outcome infra, never the model's 0, so QUEST_RESUME runs it again. Where even that cannot be built
 * (no address map to draw the instance from, a failure while building it), the minimal record.
 */
export function infraRecord(input: InfraInput): InstanceRecord {
  const { task, round, runSeed, rounds } = input;
  try {
    const instance = instantiate(task.spec, { runSeed, round, env: input.env, chain: chainProfile(input.chain.profile ?? 'bsc') });
    return buildRecord(
      { task, instance, model: input.model, chain: input.chain, runSeed, rounds },
      {
        score: 0,
        outcome: 'infra',
        error: input.error,
        checks: zeroChecks(task.validator, 'not scored: harness failure'),
        latencyMs: 0,
        transcript: { messages: [], response: '', logs: '' },
      },
    );
  } catch {
    return minimalRecord(input);
  }
}

/**
 * An infra record from what is always at hand: the task, the round and the error. Nothing is drawn
 * (no parameters, no request) and nothing of the task's code runs, so it cannot fail itself.
 */
export function minimalRecord(input: Omit<InfraInput, 'env'>): InstanceRecord {
  const { task, round } = input;
  const checks = (() => {
    try {
      return zeroChecks(task.validator, 'not scored: harness failure');
    } catch {
      return [];
    }
  })();
  return {
    taskId: task.id,
    split: task.split,
    ...(task.split === 'hard'
      ? { hazard: task.spec.hazard, mechanisms: [...task.spec.mechanisms], expects: task.spec.expects, note: task.spec.note }
      : {}),
    subcategory: taskGroup(task),
    round,
    seed: deriveSeed(input.runSeed, task.id, round),
    templateIndex: 0,
    params: {},
    instruction: '',
    score: 0,
    passed: false,
    outcome: 'infra',
    error: input.error,
    checks,
    latencyMs: 0,
    transcript: { messages: [], response: '', logs: '' },
    model: input.model,
    chain: input.chain,
    runSeed: input.runSeed,
    rounds: input.rounds,
  };
}
