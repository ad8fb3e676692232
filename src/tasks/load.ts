// Task files on disk, without importing their companions: a declaration, a missing companion, the files
// of a folder (src/instance/task.ts loads a task with its validator and reference).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { companionPaths, parseTaskSpec, type TaskSpec } from './task.ts';

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
    ...(paths.naive ? [['naive execution', paths.naive] as const] : []),
  ] as const) {
    if (!existsSync(path))
      return `invalid task file ${relative(root, file) || basename(file)}: ${what} ${basename(path)} not found next to it`;
  }
  return undefined;
}

/** The task files under a folder, sorted. */
export function taskFiles(dir: string, root = process.cwd()): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : [],
    );
  return walk(resolve(root, dir)).sort();
}

/** Every task declaration under a folder, without importing companions (fast, synchronous). */
export function readTaskSpecs(dir: string, root = process.cwd()): (TaskSpec & { file: string })[] {
  return taskFiles(dir, root).map((file) => ({ file, ...readTaskSpec(file, root) }));
}
