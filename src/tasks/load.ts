import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { z } from 'zod';
import { AtomicTask, CompositeTask, companionFiles, describeIssues } from './schema.ts';

interface Located<T> {
  file: string;
  task: T;
  validatorPath: string;
  referencePath: string;
}

export interface TaskFile extends Located<AtomicTask> {
  referenceSource: string;
}
export type CompositeTaskFile = Located<CompositeTask>;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

/** Reads and validates every task file under a folder (for tools and tests; the plugin uses its transform). */
function loadTasks<T extends { id: string; validator?: string | undefined; reference?: string | undefined }>(
  schema: z.ZodType<T>,
  dir: string,
  root: string,
): Located<T>[] {
  return walk(resolve(root, dir))
    .sort()
    .map((file) => {
      const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(describeIssues(relative(root, file), parsed.error));
      const task = parsed.data;
      const base = join(file, '..');
      const companions = companionFiles(task);
      return { file, task, validatorPath: join(base, companions.validator), referencePath: join(base, companions.reference) };
    });
}

export function loadAtomicTaskFiles(dir: string, root = process.cwd()): TaskFile[] {
  return loadTasks(AtomicTask, dir, root).map((t) => ({ ...t, referenceSource: readFileSync(t.referencePath, 'utf8') }));
}

export function loadCompositeTaskFiles(dir: string, root = process.cwd()): CompositeTaskFile[] {
  return loadTasks(CompositeTask, dir, root);
}
