// One task file's declaration: its split, its protocol, its JSON checked against the split's schema,
// and where its validator and reference solution stand (src/instance/task.ts puts them together).
import { basename, dirname, join, relative } from 'node:path';
import type { z } from 'zod';
import { QuestError } from '../errors.ts';
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

/** The schema a task file of a split is checked against (a hard task is multi-round when it has a workflow). */
function schemaFor(split: Split, json: unknown): { protocol: Protocol; schema: z.ZodType } {
  if (split === 'atomic') return { protocol: 'atomic', schema: AtomicTask };
  if (split === 'composite') return { protocol: 'composite', schema: CompositeTask };
  return isMultiRound(json) ? { protocol: 'composite', schema: HardCompositeTask } : { protocol: 'atomic', schema: HardAtomicTask };
}

/** A task file that cannot become a task; the message names the file and the field or file at fault. */
export class TaskFileError extends QuestError {
  override name = 'TaskFileError';
  constructor(message: string, hint = "fix the file as the message says; docs/writing-tasks.md describes a task's files and fields") {
    super('TASK_FILE', message, { hint });
  }
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

/** The validator, reference and naive-execution files of a task, as absolute paths next to its JSON file. */
export function companionPaths(file: string, spec: TaskSpec['spec']): { validator: string; reference: string; naive?: string } {
  const names = companionFiles(spec);
  const at = (name: string) => join(dirname(file), name);
  return { validator: at(names.validator), reference: at(names.reference), ...(names.naive ? { naive: at(names.naive) } : {}) };
}
