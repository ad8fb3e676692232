import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { AtomicTask, CompositeTask, describeIssues } from './schema.ts';

export interface TaskFile {
  file: string;
  task: AtomicTask;
  validatorPath: string;
  referencePath: string;
  referenceSource: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

/** Reads and validates every atomic task file under a folder (for tools and tests; the plugin uses its transform). */
export function loadAtomicTaskFiles(dir: string, root = process.cwd()): TaskFile[] {
  return walk(resolve(root, dir))
    .sort()
    .map((file) => {
      const parsed = AtomicTask.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(describeIssues(relative(root, file), parsed.error));
      const task = parsed.data;
      const base = join(file, '..');
      const referencePath = join(base, task.reference ?? `${task.id}.reference.ts`);
      return {
        file,
        task,
        validatorPath: join(base, task.validator ?? `${task.id}.validator.ts`),
        referencePath,
        referenceSource: readFileSync(referencePath, 'utf8'),
      };
    });
}

export interface CompositeTaskFile {
  file: string;
  task: CompositeTask;
  validatorPath: string;
  referencePath: string;
}

export function loadCompositeTaskFiles(dir: string, root = process.cwd()): CompositeTaskFile[] {
  return walk(resolve(root, dir))
    .sort()
    .map((file) => {
      const parsed = CompositeTask.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(describeIssues(relative(root, file), parsed.error));
      const task = parsed.data;
      const base = join(file, '..');
      return {
        file,
        task,
        validatorPath: join(base, task.validator ?? `${task.id}.validator.ts`),
        referencePath: join(base, task.reference ?? `${task.id}.reference.ts`),
      };
    });
}
