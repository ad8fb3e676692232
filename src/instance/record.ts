// The one place an instance's record is put together: every protocol's episodes and the harness's
// own failures end up in the same shape.
import type { Address } from 'viem';
import type { ChainInfo } from '../chain/session.ts';
import type { InstanceRecord } from '../results/record.ts';
import { instantiate, type EnvMap, type Instance } from '../tasks/instantiate.ts';
import type { Task } from '../tasks/task.ts';
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
      | 'composite'
      | 'walletAgent'
      | 'protocol'
    >
  >;

/** The group results report a task under: an atomic task's subcategory, a composite task's pattern. */
export const taskGroup = (task: Task): string => ('workflow' in task.spec ? task.spec.workflow.pattern : task.spec.subcategory);

export function buildRecord(head: RecordHead, body: RecordBody): InstanceRecord {
  const { task, instance } = head;
  const { score, outcome, schemaRule, error, checks, latencyMs, transcript, composite, ...replies } = body;
  return {
    taskId: task.id,
    split: task.split,
    ...(task.split === 'hard' ? { hazard: task.spec.hazard, expects: task.spec.expects, note: task.spec.note } : {}),
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

/**
 * The record of an instance the harness could not complete (node down twice, an internal error):
 * outcome infra, never the model's 0, so QUEST_RESUME runs it again.
 */
export function infraRecord(input: {
  task: Task;
  round: number;
  runSeed: number;
  rounds: number;
  env: EnvMap;
  model: string;
  error: string;
  chain: ChainInfo;
}): InstanceRecord {
  const { task, round, runSeed, rounds } = input;
  const instance = instantiate(task.spec, { runSeed, round, env: input.env });
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
}
