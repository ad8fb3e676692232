import { readTaskSpecs } from '../../src/tasks/load.ts';
import { loadTask, type Task } from '../../src/instance/task.ts';

const specs = [...readTaskSpecs('tasks/atomic'), ...readTaskSpecs('tasks/composite'), ...readTaskSpecs('tasks/hard')];
const loaded = new Map<string, Promise<Task>>();

/** A built-in task by its id, loaded (and cached) the way the harness loads it. */
export function taskById(id: string): Promise<Task> {
  let t = loaded.get(id);
  if (!t) {
    const spec = specs.find((s) => s.spec.id === id);
    if (!spec) throw new Error(`no task ${id}`);
    t = loadTask(spec.file);
    loaded.set(id, t);
  }
  return t;
}

/** How many tasks each built-in split has. */
export const splitSizes = {
  atomic: specs.filter((s) => s.split === 'atomic').length,
  composite: specs.filter((s) => s.split === 'composite').length,
  hard: specs.filter((s) => s.split === 'hard').length,
};
