// The parameter types of a folder of tasks, written once from the task files so that validators and
// references import them (`TaskParams<'erc20_transfer_fixed'>`) instead of declaring them by hand.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { readTaskSpecs } from './load.ts';
import type { ParamSpec } from './schema.ts';
import { SPLITS } from './task.ts';

/** The file the types go to, relative to the tasks folder. */
export const PARAM_TYPES_FILE = 'params.ts';

/** A task of the folder: its id, its file (relative to the folder) and its parameters. */
export interface TaskParamsSource {
  id: string;
  file: string;
  parameters: Record<string, ParamSpec>;
}

/** Every task under `<tasksDir>/<split>` of each split, checked by its schema (the task loader's), in file order. */
export function readTaskParams(tasksDir: string): TaskParamsSource[] {
  const tasks = SPLITS.filter((split) => existsSync(join(tasksDir, split))).flatMap((split) =>
    readTaskSpecs(join(tasksDir, split)).map(({ file, spec }) => ({
      id: spec.id,
      file: relative(tasksDir, file).split('\\').join('/'),
      parameters: spec.parameters,
    })),
  );
  const seen = new Map<string, string>();
  for (const t of tasks) {
    const other = seen.get(t.id);
    if (other) throw new Error(`task id ${t.id} is used by both ${other} and ${t.file}`);
    seen.set(t.id, t.file);
  }
  return tasks;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));

/** The TypeScript type of a JSON value, as literal as the value itself. */
function literalType(v: unknown): string {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `readonly [${v.map(literalType).join(', ')}]`;
  if (typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${key(k)}: ${literalType(x)}`)
      .join('; ')} }`;
  return 'unknown';
}

/** The fields of a choice: every field of any option, typed by what its options hold, optional when some option lacks it. */
function choiceType(options: Extract<ParamSpec, { kind: 'choice' }>['options']): string {
  const fields = new Map<string, Set<string>>();
  for (const o of options) {
    for (const [k, v] of Object.entries(o)) {
      const types = fields.get(k) ?? new Set<string>();
      types.add(typeof v === 'object' ? 'Address' : typeof v);
      fields.set(k, types);
    }
  }
  const parts = [...fields].map(([k, types]) => `${key(k)}${options.every((o) => k in o) ? '' : '?'}: ${[...types].join(' | ')}`);
  return `{ ${parts.join('; ')} }`;
}

/** The type an instance's value of a parameter has (see `sample` in instantiate.ts). */
export function paramType(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'address':
      return 'Address';
    case 'amount':
    case 'string':
      return 'string';
    case 'integer':
      return 'number';
    case 'choice':
      return choiceType(spec.options);
    case 'fixed':
      return literalType(spec.value);
    case 'derived':
      return 'unknown';
  }
}

/** What a derived parameter is, for the reader of the generated file. */
const fieldComment = (spec: ParamSpec) =>
  spec.kind === 'derived' ? `    /** derived: ${spec.description.replaceAll('*/', '*\\/')} */\n` : '';

/** The source of the parameter types file of these tasks. */
export function paramTypesSource(tasks: readonly TaskParamsSource[]): string {
  const entries = tasks.map((t) => {
    const fields = Object.entries(t.parameters).map(([name, spec]) => `${fieldComment(spec)}    ${key(name)}: ${paramType(spec)};\n`);
    return `  /** ${t.file} */\n  ${key(t.id)}: {\n${fields.join('')}  };\n`;
  });
  return `// The parameters of every task, as its validator and reference receive them. Generated from the task
// files by \`questbench types\`; do not edit. Derived parameters are \`unknown\` here: a task's files give
// them a type by intersection, e.g. \`TaskParams<'my_task'> & { signature: Hex }\`.

type Address = \`0x\${string}\`;

export interface TaskParamsById {
${entries.join('')}}

export type TaskId = keyof TaskParamsById;

/** The parameters of the task with this id. */
export type TaskParams<Id extends TaskId> = TaskParamsById[Id];
`;
}

/**
 * Writes (or, with `check`, compares) `<tasksDir>/params.ts`. Returns whether the file on disk was
 * already current.
 */
export function writeParamTypes(tasksDir: string, opts: { check?: boolean } = {}): { file: string; current: boolean } {
  const dir = resolve(tasksDir);
  const file = join(dir, PARAM_TYPES_FILE);
  const source = paramTypesSource(readTaskParams(dir));
  let before: string | undefined;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    before = undefined;
  }
  const current = before === source;
  if (!current && !opts.check) writeFileSync(file, source);
  return { file, current };
}

const USAGE = `usage: questbench types [tasks folder] [--check]

Writes <tasks folder>/${PARAM_TYPES_FILE} (default folder: tasks): the parameter types of every task under its
atomic/ and composite/ folders, for validators and references to import:

  import type { TaskParams } from '../../${PARAM_TYPES_FILE}';
  type Params = TaskParams<'my_task_id'>;

--check writes nothing and fails when the file is missing or out of date.`;

/** `questbench types`: the command-line entry; returns the exit code. */
export function main(args: readonly string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--check');
  const folders = args.filter((a) => !a.startsWith('-'));
  if (unknown.length || folders.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const check = args.includes('--check');
  const dir = folders[0] ?? 'tasks';
  const { file, current } = writeParamTypes(dir, { check });
  const shown = relative(process.cwd(), file) || file;
  if (check) {
    console.log(current ? `${shown} is up to date` : `${shown} is out of date: run \`npx questbench types${folders[0] ? ` ${dir}` : ''}\``);
    return current ? 0 : 1;
  }
  console.log(`${current ? 'unchanged' : 'wrote'} ${shown} (${readTaskParams(resolve(dir)).length} tasks)`);
  return 0;
}
