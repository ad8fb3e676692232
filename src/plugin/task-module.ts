import { existsSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { z } from 'zod';
import { AtomicTask, CompositeTask, companionFiles, describeIssues } from '../tasks/schema.ts';
import { roundTestName } from './planner.ts';

const lit = (v: unknown) => JSON.stringify(v);

/** A module with one failing test, so a broken task file shows up as a red test naming file and field. */
export function failingModule(file: string, title: string, message: string): string {
  return `import { test } from 'vitest';
test(${lit(title)}, () => { const e = new Error(${lit(message)}); e.stack = e.message; throw e; });
`;
}

interface Kind {
  schema: z.ZodType<{ id: string; validator?: string | undefined; reference?: string | undefined }>;
  // Not named test*/…Test: Vitest's static collector (`vitest list`, editor explorers) would take the call for a test.
  runner: 'playAtomicInstance' | 'playCompositeInstance';
  /** Atomic references are scripts run as the model's answer (raw text); composite ones are round scripts (modules). */
  referenceImport: (file: string) => string;
  referenceArg: 'referenceSource' | 'reference';
}

const KINDS = {
  atomic: { schema: AtomicTask, runner: 'playAtomicInstance', referenceImport: (f) => `./${f}?raw`, referenceArg: 'referenceSource' },
  composite: { schema: CompositeTask, runner: 'playCompositeInstance', referenceImport: (f) => `./${f}`, referenceArg: 'reference' },
} satisfies Record<string, Kind>;

/**
 * Turns a task JSON file into a test module: one literal test() per round (so `vitest list` and the
 * editor's explorer see names without running), importing the validator and the reference so that
 * editing either re-runs just this task in watch mode.
 */
export function taskModule(split: keyof typeof KINDS, code: string, file: string, opts: { rounds: number; runtime: string; root: string }): string {
  const kind: Kind = KINDS[split];
  const rel = relative(opts.root, file);
  const invalid = (message: string) => failingModule(file, `${basename(file)} · invalid task file`, message);
  let json: unknown;
  try {
    json = JSON.parse(code);
  } catch (e) {
    return invalid(`invalid task file ${rel}: not valid JSON: ${(e as Error).message}`);
  }
  const parsed = kind.schema.safeParse(json);
  if (!parsed.success) return invalid(describeIssues(rel, parsed.error));
  const task = parsed.data;
  const { validator: validatorFile, reference: referenceFile } = companionFiles(task);
  for (const [what, f] of [
    ['validator', validatorFile],
    ['reference solution', referenceFile],
  ] as const) {
    if (!existsSync(join(dirname(file), f))) {
      return failingModule(file, `${task.id} · invalid task file`, `invalid task file ${rel}: ${what} ${f} not found next to it`);
    }
  }
  const tests = Array.from({ length: opts.rounds }, (_, i) => {
    const round = i + 1;
    return `test(${lit(roundTestName(task.id, round))}, (ctx) => ${kind.runner}(ctx, { task, validator, ${kind.referenceArg}: reference, round: ${round}, file: ${lit(rel)}, path: ${lit(file)} }));`;
  });
  return `import { test } from 'vitest';
import { ${kind.runner} } from ${lit(opts.runtime)};
import validator from ${lit(`./${validatorFile}`)};
import reference from ${lit(kind.referenceImport(referenceFile))};
const task = ${lit(task)};
${tests.join('\n')}
`;
}

export const atomicTaskModule = (code: string, file: string, opts: { rounds: number; runtime: string; root: string }) => taskModule('atomic', code, file, opts);
export const compositeTaskModule = (code: string, file: string, opts: { rounds: number; runtime: string; root: string }) => taskModule('composite', code, file, opts);
