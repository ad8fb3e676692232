// A task ready to run: its declaration with its validator and reference solution, checked. Every
// consumer (the generated test module, the background executor, resume, tools and tests) gets a task
// through assembleTask(), so the checks below exist once; loadTask() reads one from disk.
import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { CompositeReference } from '../composite/reference.ts';
import type { TaskToPlay } from '../episode/episode.ts';
import { missingCompanion, readTaskSpec, taskFiles } from '../tasks/load.ts';
import { companionPaths, TaskFileError, type Protocol, type TaskSpec } from '../tasks/task.ts';
import { isValidator } from '../validators/define.ts';

/**
 * The companions by protocol. Atomic references are scripts run as the model's answer (their raw
 * source); composite references are round scripts (a module's default export) and may come with a
 * `literal` one: every step the templates ask for, one round each.
 */
type WithCompanions<S> = S extends { protocol: 'atomic' }
  ? S & { reference: string; naive?: string }
  : S & { reference: CompositeReference; literal?: CompositeReference };

/** A task ready to run: what its solver is given, and its gold solution. */
export type Task = WithCompanions<TaskToPlay>;

/** A task of one protocol. */
export type TaskOf<P extends Protocol> = Extract<Task, { protocol: P }>;

/** What a task's companions export: the validator module's default, the reference (source text, or a module's default and `literal`). */
export interface TaskModules {
  validator: unknown;
  reference: unknown;
  literal?: unknown;
  /** An execution task's naive execution: the source of an executeSkill module. */
  naive?: unknown;
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
    const quality = 'quality' in base.spec ? base.spec.quality : undefined;
    if (!quality) {
      if (validator.quality)
        throw new TaskFileError(`${rel}: the validator has a quality part, so the task needs "quality": { "weight": W }`);
      return { ...base, reference } as Task;
    }
    if (!validator.quality)
      throw new TaskFileError(`${rel}: the task has a quality part, so its validator needs quality: { value, optimum }`);
    const checks = validator.checks.reduce((s, c) => s + c.weight, 0);
    if (checks + quality.weight !== 100)
      throw new TaskFileError(
        `${rel}: the checks' weights sum to ${checks} and quality.weight is ${quality.weight}: together they must make 100`,
      );
    if (typeof modules.naive !== 'string')
      throw new TaskFileError(`${rel}: the naive execution must be the source of an executeSkill module`);
    return { ...base, reference, naive: modules.naive } as Task;
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

/** A task file with its validator and reference, checked. Throws TaskFileError naming what is wrong. */
export async function loadTask(file: string, root = process.cwd()): Promise<Task> {
  const path = resolve(root, file);
  const declared = readTaskSpec(path, root);
  const missing = missingCompanion(path, declared, root);
  if (missing) throw new TaskFileError(missing);
  const paths = companionPaths(path, declared.spec);
  const validator = ((await import(paths.validator)) as { default?: unknown }).default;
  if (declared.protocol === 'atomic') {
    const naive = paths.naive ? { naive: readFileSync(paths.naive, 'utf8') } : {};
    return assembleTask(path, declared, { validator, reference: readFileSync(paths.reference, 'utf8'), ...naive }, relative(root, path));
  }
  const mod = (await import(paths.reference)) as { default?: unknown; literal?: unknown };
  return assembleTask(path, declared, { validator, reference: mod.default, literal: mod.literal }, relative(root, path));
}

/** Every task under a folder (e.g. 'tasks/atomic'), loaded and checked. */
export async function loadTasks(dir: string, root = process.cwd()): Promise<Task[]> {
  return Promise.all(taskFiles(dir, root).map((f) => loadTask(f, root)));
}
