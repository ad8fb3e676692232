// One task: its JSON file checked against its split's schema, its validator and its reference solution.
// Every consumer (the generated test module, the background executor, resume, tools and tests) gets a
// task through assembleTask(), so the checks below exist once.
import { basename, dirname, join, relative } from 'node:path';
import type { z } from 'zod';
import type { CompositeReference } from '../composite/reference.ts';
import { isValidator } from '../validators/define.ts';
import type { Validator } from '../validators/types.ts';
import { AtomicTask, CompositeTask, companionFiles, describeIssues } from './schema.ts';

export const SPLITS = ['atomic', 'composite'] as const;
export type Split = (typeof SPLITS)[number];

const SCHEMAS = { atomic: AtomicTask, composite: CompositeTask } satisfies Record<Split, z.ZodType>;

/** What a task file declares, by split. */
export type TaskSpec = { split: 'atomic'; spec: AtomicTask } | { split: 'composite'; spec: CompositeTask };

/**
 * A task ready to run. Atomic references are scripts run as the model's answer (their raw source);
 * composite references are round scripts (a module's default export).
 */
export type Task = (
  | { split: 'atomic'; spec: AtomicTask; reference: string }
  | {
      split: 'composite';
      spec: CompositeTask;
      reference: CompositeReference;
      /** The reference module's `literal` export, when it has one: every step the templates ask for, one round each. */
      literal?: CompositeReference;
    }
) & {
  id: string;
  /** Absolute path of the task's JSON file. */
  file: string;
  validator: Validator;
};

/** A task file that cannot become a task; the message names the file and the field or file at fault. */
export class TaskFileError extends Error {
  override name = 'TaskFileError';
}

const TASK_FILE = /[\\/]tasks[\\/](atomic|composite)[\\/].*\.json$/;

/** The split a task file belongs to, by its folder (tasks/atomic/... or tasks/composite/...). */
export function splitOfFile(file: string): Split | undefined {
  return TASK_FILE.exec(file.split('?')[0]!)?.[1] as Split | undefined;
}

/** A task file's declaration, parsed and checked (no imports): for the transform and the planner. */
export function parseTaskSpec(file: string, text: string, root = process.cwd()): TaskSpec {
  const rel = relative(root, file) || basename(file);
  const split = splitOfFile(file);
  if (!split) throw new TaskFileError(`invalid task file ${rel}: not under tasks/atomic/ or tasks/composite/`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new TaskFileError(`invalid task file ${rel}: not valid JSON: ${(e as Error).message}`);
  }
  const parsed = SCHEMAS[split].safeParse(json);
  if (!parsed.success) throw new TaskFileError(describeIssues(rel, parsed.error));
  return { split, spec: parsed.data } as TaskSpec;
}

/** The validator and reference files of a task, as absolute paths next to its JSON file. */
export function companionPaths(file: string, spec: TaskSpec['spec']): { validator: string; reference: string } {
  const names = companionFiles(spec);
  return { validator: join(dirname(file), names.validator), reference: join(dirname(file), names.reference) };
}

/** What a task's companions export: the validator module's default, the reference (source text, or a module's default and `literal`). */
export interface TaskModules {
  validator: unknown;
  reference: unknown;
  literal?: unknown;
}

/**
 * Puts a task together from its declaration and its companions' exports, checking that they are what
 * they must be; `rel` names the file in messages.
 */
export function assembleTask(file: string, declared: TaskSpec, modules: TaskModules, rel = relative(process.cwd(), file) || basename(file)): Task {
  const { validator, reference } = modules;
  if (!isValidator(validator)) throw new TaskFileError(`${rel}: the validator module must default-export defineValidator({...})`);
  const base = { id: declared.spec.id, file, validator };
  if (declared.split === 'atomic') {
    if (typeof reference !== 'string') throw new TaskFileError(`${rel}: the atomic reference must be the source of an executeSkill module`);
    return { ...base, split: 'atomic', spec: declared.spec, reference };
  }
  if (typeof reference !== 'function') throw new TaskFileError(`${rel}: the reference module must default-export defineCompositeReference(...)`);
  if (modules.literal !== undefined && typeof modules.literal !== 'function') throw new TaskFileError(`${rel}: the reference's \`literal\` export must be defineCompositeReference(...)`);
  return {
    ...base,
    split: 'composite',
    spec: declared.spec,
    reference: reference as CompositeReference,
    ...(modules.literal ? { literal: modules.literal as CompositeReference } : {}),
  };
}
