import type { Validator, ValidatorSpec } from './types.ts';

/** Validates a validator's shape when its module loads, so a bad weight table fails before any run. */
export function defineValidator<P = any, S = any>(spec: ValidatorSpec<P, S>): Validator<P, S> {
  const total = spec.checks.reduce((s, c) => s + c.weight, 0);
  if (total !== 100) {
    throw new Error(`validator check weights sum to ${total}, not 100: ${spec.checks.map((c) => `${c.name}=${c.weight}`).join(', ')}`);
  }
  const names = new Set<string>();
  for (const c of spec.checks) {
    if (!(c.weight > 0) || !Number.isInteger(c.weight)) throw new Error(`check "${c.name}" needs a positive integer weight`);
    if (names.has(c.name)) throw new Error(`duplicate check name "${c.name}"`);
    names.add(c.name);
  }
  if (spec.kind === 'transaction' && !spec.target) throw new Error('transaction validators must declare a target');
  if (spec.kind !== 'transaction' && spec.target) throw new Error(`${spec.kind} validators have no target`);
  return { ...spec, __validator: true };
}

export function isValidator(v: unknown): v is Validator {
  return typeof v === 'object' && v !== null && (v as { __validator?: unknown }).__validator === true;
}
