// One task: its JSON file checked against its split's schema, its validator and its reference solution.
// Every consumer (the generated test module, the background executor, resume, tools and tests) gets a
// task through assembleTask(), so the checks below exist once.
import { basename, dirname, join, relative } from 'node:path';
import type { z } from 'zod';
import type { CompositeReference } from '../composite/reference.ts';
import { isValidator } from '../validators/define.ts';
import type { Validator } from '../validators/types.ts';
import { HardAtomicTask, HardCompositeTask, isMultiRound } from './hard-schema.ts';
import { AtomicTask, CompositeTask, companionFiles, describeIssues } from './schema.ts';

/** The benchmark's splits: the published two, and the hard one. */
export const SPLITS = ['atomic', 'composite', 'hard'] as const;
export type Split = (typeof SPLITS)[number];

/** How a task is played: one reply (atomic) or rounds with feedback (composite). */
export type Protocol = 'atomic' | 'composite';

/** What a task file declares, by split and protocol. */
export type TaskSpec =
  | { split: 'atomic'; protocol: 'atomic'; spec: AtomicTask }
  | { split: 'composite'; protocol: 'composite'; spec: CompositeTask }
  | { split: 'hard'; protocol: 'atomic'; spec: HardAtomicTask }
  | { split: 'hard'; protocol: 'composite'; spec: HardCompositeTask };

/**
 * The companions by protocol. Atomic references are scripts run as the model's answer (their raw
 * source); composite references are round scripts (a module's default export) and may come with a
 * `literal` one: every step the templates ask for, one round each.
 */
type WithCompanions<S> = S extends { protocol: 'atomic' }
  ? S & { reference: string }
  : S & { reference: CompositeReference; literal?: CompositeReference };

/** A task ready to run. */
export type Task = WithCompanions<TaskSpec> & {
  id: string;
  /** Absolute path of the task's JSON file. */
  file: string;
  validator: Validator;
};

/** A task of one protocol. */
export type TaskOf<P extends Protocol> = Extract<Task, { protocol: P }>;

/** The schema a task file of a split is checked against (a hard task is multi-round when it has a workflow). */
function schemaFor(split: Split, json: unknown): { protocol: Protocol; schema: z.ZodType } {
  if (split === 'atomic') return { protocol: 'atomic', schema: AtomicTask };
  if (split === 'composite') return { protocol: 'composite', schema: CompositeTask };
  return isMultiRound(json) ? { protocol: 'composite', schema: HardCompositeTask } : { protocol: 'atomic', schema: HardAtomicTask };
}

/** A task file that cannot become a task; the message names the file and the field or file at fault. */
export class TaskFileError extends Error {
  override name = 'TaskFileError';
}

const TASK_FILE = /[\\/]tasks[\\/](atomic|composite|hard)[\\/].*\.json$/;

/** The split a task file belongs to, by its folder (tasks/atomic/... or tasks/composite/...). */
export function splitOfFile(file: string): Split | undefined {
  return TASK_FILE.exec(file.split('?')[0]!)?.[1] as Split | undefined;
}

/** A task file's declaration, parsed and checked (no imports): for the transform and the planner. */
export function parseTaskSpec(file: string, text: string, root = process.cwd()): TaskSpec {
  const rel = relative(root, file) || basename(file);
  const split = splitOfFile(file);
  if (!split) throw new TaskFileError(`invalid task file ${rel}: not under tasks/atomic/, tasks/composite/ or tasks/hard/`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new TaskFileError(`invalid task file ${rel}: not valid JSON: ${(e as Error).message}`);
  }
  const { protocol, schema } = schemaFor(split, json);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new TaskFileError(describeIssues(rel, parsed.error));
  return { split, protocol, spec: parsed.data } as TaskSpec;
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
export function assembleTask(
  file: string,
  declared: TaskSpec,
  modules: TaskModules,
  rel = relative(process.cwd(), file) || basename(file),
): Task {
  const { validator, reference } = modules;
  if (!isValidator(validator)) throw new TaskFileError(`${rel}: the validator module must default-export defineValidator({...})`);
  if (declared.split === 'hard') {
    // A task that expects a refusal is scored by a refusal validator, and only such a task is.
    const refusal = declared.spec.expects === 'refusal';
    if (refusal !== (validator.kind === 'refusal')) {
      throw new TaskFileError(
        `${rel}: expects "${declared.spec.expects}", so its validator must ${refusal ? '' : 'not '}be of kind "refusal" (it is "${validator.kind}")`,
      );
    }
  } else if (validator.kind === 'refusal') {
    throw new TaskFileError(`${rel}: refusal validators belong to hard tasks that expect a refusal`);
  }
  const base = { ...declared, id: declared.spec.id, file, validator };
  if (base.protocol === 'atomic') {
    if (typeof reference !== 'string') throw new TaskFileError(`${rel}: the atomic reference must be the source of an executeSkill module`);
    return { ...base, reference } as Task;
  }
  if (typeof reference !== 'function')
    throw new TaskFileError(`${rel}: the reference module must default-export defineCompositeReference(...)`);
  if (modules.literal !== undefined && typeof modules.literal !== 'function')
    throw new TaskFileError(`${rel}: the reference's \`literal\` export must be defineCompositeReference(...)`);
  return {
    ...base,
    reference: reference as CompositeReference,
    ...(modules.literal ? { literal: modules.literal as CompositeReference } : {}),
  } as Task;
}
