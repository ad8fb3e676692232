// Loading tasks from disk: the one way the background executor, resume, tools and tests get a task
// (the generated test modules import the same companions statically and call assembleTask()).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { assembleTask, companionPaths, parseTaskSpec, TaskFileError, type Task, type TaskSpec } from './task.ts';

/** Reads and checks a task file's declaration (no imports). */
export function readTaskSpec(file: string, root = process.cwd()): TaskSpec {
  return parseTaskSpec(file, readFileSync(file, 'utf8'), root);
}

/** Companion files that are missing next to a task file, as a message, or undefined when both are there. */
export function missingCompanion(file: string, declared: TaskSpec, root = process.cwd()): string | undefined {
  const paths = companionPaths(file, declared.spec);
  for (const [what, path] of [
    ['validator', paths.validator],
    ['reference solution', paths.reference],
  ] as const) {
    if (!existsSync(path))
      return `invalid task file ${relative(root, file) || basename(file)}: ${what} ${basename(path)} not found next to it`;
  }
  return undefined;
}

/** A task file with its validator and reference, checked. Throws TaskFileError naming what is wrong. */
export async function loadTask(file: string, root = process.cwd()): Promise<Task> {
  const path = resolve(root, file);
  const declared = readTaskSpec(path, root);
  const missing = missingCompanion(path, declared, root);
  if (missing) throw new TaskFileError(missing);
  const paths = companionPaths(path, declared.spec);
  const validator = ((await import(paths.validator)) as { default?: unknown }).default;
  if (declared.protocol === 'atomic')
    return assembleTask(path, declared, { validator, reference: readFileSync(paths.reference, 'utf8') }, relative(root, path));
  const mod = (await import(paths.reference)) as { default?: unknown; literal?: unknown };
  return assembleTask(path, declared, { validator, reference: mod.default, literal: mod.literal }, relative(root, path));
}

/** The task files under a folder, sorted. */
export function taskFiles(dir: string, root = process.cwd()): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : [],
    );
  return walk(resolve(root, dir)).sort();
}

/** Every task under a folder (e.g. 'tasks/atomic'), loaded and checked. */
export async function loadTasks(dir: string, root = process.cwd()): Promise<Task[]> {
  return Promise.all(taskFiles(dir, root).map((f) => loadTask(f, root)));
}

/** Every task declaration under a folder, without importing companions (fast, synchronous). */
export function readTaskSpecs(dir: string, root = process.cwd()): (TaskSpec & { file: string })[] {
  return taskFiles(dir, root).map((file) => ({ file, ...readTaskSpec(file, root) }));
}
