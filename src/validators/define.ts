import { QuestError } from '../errors.ts';
import type { EnvMap } from '../tasks/address-map.ts';
import type { Validator, ValidatorSpec } from './types.ts';

const invalid = (message: string, hint: string) => new QuestError('VALIDATOR_DEFINITION', message, { hint });

/** Validates a validator's shape when its module loads, so a bad weight table fails before any run. */
export function defineValidator<P = any, S = any, E extends EnvMap = EnvMap>(spec: ValidatorSpec<P, S, E>): Validator<P, S, E> {
  const total = spec.checks.reduce((s, c) => s + c.weight, 0);
  // With a quality part the checks leave its weight (the task's JSON states it; assembling the task checks the two agree).
  if (spec.quality ? !(total >= 50 && total < 100) : total !== 100) {
    throw invalid(
      `validator check weights sum to ${total}, not ${spec.quality ? "100 less the task's quality weight" : 100}: ${spec.checks.map((c) => `${c.name}=${c.weight}`).join(', ')}`,
      spec.quality
        ? "change the checks' weights so that they and the task's quality.weight sum to 100"
        : "change the checks' weights so that they sum to 100",
    );
  }
  const names = new Set<string>();
  for (const c of spec.checks) {
    if (!(c.weight > 0) || !Number.isInteger(c.weight)) {
      throw invalid(`check "${c.name}" needs a positive integer weight`, 'give every check a whole-number weight of 1 or more');
    }
    if (names.has(c.name))
      throw invalid(`duplicate check name "${c.name}"`, 'give each check its own name: the results and the failure message name checks');
    names.add(c.name);
  }
  if (spec.kind === 'transaction' && !spec.target) {
    throw invalid('transaction validators must declare a target', 'add target: (ctx) => <the address the transaction must call>');
  }
  if (spec.kind !== 'transaction' && spec.target) {
    throw invalid(`${spec.kind} validators have no target`, "remove target, or make the validator kind: 'transaction'");
  }
  return { ...spec, __validator: true };
}

export function isValidator(v: unknown): v is Validator {
  return typeof v === 'object' && v !== null && (v as { __validator?: unknown }).__validator === true;
}
