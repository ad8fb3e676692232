import type { InstanceRecord } from '../results/record.ts';
import { instantiate, type EnvMap } from '../tasks/instantiate.ts';
import type { AtomicTask, CompositeTask } from '../tasks/schema.ts';
import type { Validator } from '../validators/types.ts';

/**
 * The record of an instance the harness could not complete (node down twice, an internal error):
 * outcome infra, never the model's 0, so QUEST_RESUME runs it again.
 */
export function infraRecord(input: {
  task: AtomicTask | CompositeTask;
  split: 'atomic' | 'composite';
  validator: Validator;
  round: number;
  runSeed: number;
  rounds: number;
  env: EnvMap;
  model: string;
  error: string;
  chain: InstanceRecord['chain'];
}): InstanceRecord {
  const instance = instantiate(input.task, { runSeed: input.runSeed, round: input.round, env: input.env });
  return {
    taskId: input.task.id,
    split: input.split,
    ...('subcategory' in input.task ? { subcategory: input.task.subcategory } : { subcategory: input.task.workflow.pattern }),
    round: input.round,
    seed: instance.seed,
    templateIndex: instance.templateIndex,
    params: instance.params,
    instruction: instance.instruction,
    score: 0,
    passed: false,
    outcome: 'infra',
    error: input.error,
    checks: input.validator.checks.map((c) => ({ name: c.name, weight: c.weight, passed: false, detail: 'not scored: harness failure' })),
    latencyMs: 0,
    transcript: { messages: [], response: '', logs: '' },
    model: input.model,
    chain: input.chain,
    runSeed: input.runSeed,
    rounds: input.rounds,
  };
}
