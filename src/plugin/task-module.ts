import { existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { AtomicTask, CompositeTask, describeIssues } from '../tasks/schema.ts';

const lit = (v: unknown) => JSON.stringify(v);

/** A module with one failing test, so a broken task file shows up as a red test naming file and field. */
export function failingModule(file: string, title: string, message: string): string {
  return `import { test } from 'vitest';
test(${lit(title)}, () => { const e = new Error(${lit(message)}); e.stack = e.message; throw e; });
`;
}

/**
 * Turns a task JSON file into a test module: one literal test() per round (so `vitest list` and the
 * editor's explorer see names without running), importing the validator and the reference so that
 * editing either re-runs just this task in watch mode.
 */
export function atomicTaskModule(code: string, file: string, opts: { rounds: number; runtime: string; root: string }): string {
  const rel = relative(opts.root, file);
  let json: unknown;
  try {
    json = JSON.parse(code);
  } catch (e) {
    return failingModule(file, `${basename(file)} · invalid task file`, `invalid task file ${rel}: not valid JSON: ${(e as Error).message}`);
  }
  const parsed = AtomicTask.safeParse(json);
  if (!parsed.success) return failingModule(file, `${basename(file)} · invalid task file`, describeIssues(rel, parsed.error));
  const task = parsed.data;
  const dir = dirname(file);
  const validatorFile = task.validator ?? `${task.id}.validator.ts`;
  const referenceFile = task.reference ?? `${task.id}.reference.ts`;
  for (const [what, f] of [
    ['validator', validatorFile],
    ['reference solution', referenceFile],
  ] as const) {
    if (!existsSync(join(dir, f))) {
      return failingModule(file, `${task.id} · invalid task file`, `invalid task file ${rel}: ${what} ${f} not found next to it`);
    }
  }
  const tests = Array.from({ length: opts.rounds }, (_, i) => {
    const round = i + 1;
    return `test(${lit(`${task.id} · round ${round}`)}, (ctx) => runAtomicTest(ctx, { task, validator, referenceSource, round: ${round}, file: ${lit(rel)} }));`;
  });
  return `import { test } from 'vitest';
import { runAtomicTest } from ${lit(opts.runtime)};
import validator from ${lit(`./${validatorFile}`)};
import referenceSource from ${lit(`./${referenceFile}?raw`)};
const task = ${lit(task)};
${tests.join('\n')}
`;
}

/** A composite task: like an atomic one, but its reference is a round script imported as a module. */
export function compositeTaskModule(code: string, file: string, opts: { rounds: number; runtime: string; root: string }): string {
  const rel = relative(opts.root, file);
  let json: unknown;
  try {
    json = JSON.parse(code);
  } catch (e) {
    return failingModule(file, `${basename(file)} · invalid task file`, `invalid task file ${rel}: not valid JSON: ${(e as Error).message}`);
  }
  const parsed = CompositeTask.safeParse(json);
  if (!parsed.success) return failingModule(file, `${basename(file)} · invalid task file`, describeIssues(rel, parsed.error));
  const task = parsed.data;
  const dir = dirname(file);
  const validatorFile = task.validator ?? `${task.id}.validator.ts`;
  const referenceFile = task.reference ?? `${task.id}.reference.ts`;
  for (const [what, f] of [
    ['validator', validatorFile],
    ['reference solution', referenceFile],
  ] as const) {
    if (!existsSync(join(dir, f))) {
      return failingModule(file, `${task.id} · invalid task file`, `invalid task file ${rel}: ${what} ${f} not found next to it`);
    }
  }
  const tests = Array.from({ length: opts.rounds }, (_, i) => {
    const round = i + 1;
    return `test(${lit(`${task.id} · round ${round}`)}, (ctx) => runCompositeTest(ctx, { task, validator, reference, round: ${round}, file: ${lit(rel)} }));`;
  });
  return `import { test } from 'vitest';
import { runCompositeTest } from ${lit(opts.runtime)};
import validator from ${lit(`./${validatorFile}`)};
import reference from ${lit(`./${referenceFile}`)};
const task = ${lit(task)};
${tests.join('\n')}
`;
}
