// The parameter types of a folder of tasks, written once from the task files so that validators and
// references import them (`TaskParams<'erc20_transfer_fixed'>`) instead of declaring them by hand.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { QuestError } from '../errors.ts';
import { keysOf } from './address-map.ts';
import { readTaskSpecs } from './load.ts';
import type { ParamSpec } from './schema.ts';
import { SPLITS, type Split } from './task.ts';

/** The file the types go to, relative to the tasks folder. */
export const PARAM_TYPES_FILE = 'params.ts';

/** A task of the folder: its id, its file (relative to the folder), its parameters, its split and the contracts it adds to the map. */
export interface TaskParamsSource {
  id: string;
  file: string;
  parameters: Record<string, ParamSpec>;
  /** Which map its instances get: the hard split's, or (by default) the published one. */
  split?: Split;
  /** Keys it adds to that map (the task file's `addresses`). */
  addresses?: readonly string[];
}

/** Every task under `<tasksDir>/<split>` of each split, checked by its schema (the task loader's), in file order. */
export function readTaskParams(tasksDir: string): TaskParamsSource[] {
  const tasks = SPLITS.filter((split) => existsSync(join(tasksDir, split))).flatMap((split) =>
    readTaskSpecs(join(tasksDir, split)).map(({ file, spec }) => ({
      id: spec.id,
      file: relative(tasksDir, file).split('\\').join('/'),
      parameters: spec.parameters,
      split,
      addresses: Object.keys(spec.addresses ?? {}),
    })),
  );
  const seen = new Map<string, string>();
  for (const t of tasks) {
    const other = seen.get(t.id);
    if (other) {
      throw new QuestError('DUPLICATE_TASK_ID', `task id ${t.id} is used by both ${other} and ${t.file}`, {
        hint: 'give one of them another id (and rename its file and companions to match)',
      });
    }
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

/** A literal address in a choice's option (a token of the task's own): typed as one. */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The fields of a choice: every field of any option, typed by what its options hold, optional when some option lacks it. */
function choiceType(options: Extract<ParamSpec, { kind: 'choice' }>['options']): string {
  const fields = new Map<string, Set<string>>();
  for (const o of options) {
    for (const [k, v] of Object.entries(o)) {
      const types = fields.get(k) ?? new Set<string>();
      types.add(typeof v === 'object' || (typeof v === 'string' && ADDRESS.test(v)) ? 'Address' : typeof v);
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

const union = (keys: readonly string[]) => keys.map((k) => `  | ${JSON.stringify(k).replaceAll('"', "'")}`).join('\n');

/** The type of a task's address map: its split's map, and its own keys. */
function envType(t: TaskParamsSource): string {
  const map = t.split === 'hard' ? 'HardEnv' : 'PublishedEnv';
  const own = t.addresses ?? [];
  return own.length ? `${map} & { ${own.map((k) => `readonly ${key(k)}: Address`).join('; ')} }` : map;
}

/** The source of the parameter types file of these tasks. */
export function paramTypesSource(tasks: readonly TaskParamsSource[]): string {
  const entries = tasks.map((t) => {
    const fields = Object.entries(t.parameters).map(([name, spec]) => `${fieldComment(spec)}    ${key(name)}: ${paramType(spec)};\n`);
    return `  /** ${t.file} */\n  ${key(t.id)}: {\n${fields.join('')}  };\n`;
  });
  const envs = tasks.map((t) => `  ${key(t.id)}: ${envType(t)};\n`);
  return `// The parameters of every task, as its validator and reference receive them, and its address map. Generated
// from the task files by \`questbench types\`; do not edit. Derived parameters are \`unknown\` here: a task's
// files give them a type by intersection, e.g. \`TaskParams<'my_task'> & { signature: Hex }\`.

type Address = \`0x\${string}\`;

export interface TaskParamsById {
${entries.join('')}}

export type TaskId = keyof TaskParamsById;

/** The parameters of the task with this id. */
export type TaskParams<Id extends TaskId> = TaskParamsById[Id];

/** The keys of the published splits' address map and of the hard split's (src/tasks/address-map.ts), the wallet as \`agent\`. */
type PublishedKey =
${union(keysOf('published'))};
type HardKey =
${union(keysOf('hard'))};
type PublishedEnv = { readonly [k in PublishedKey | 'agent']: Address };
type HardEnv = { readonly [k in HardKey | 'agent']: Address };

/** The address map of each task: its split's, with the keys the task file's \`addresses\` adds. */
export interface TaskEnvById {
${envs.join('')}}

/** The address map the task with this id gets (\`defineValidator<Params, State, TaskEnv<'my_task'>>\`). */
export type TaskEnv<Id extends TaskId> = TaskEnvById[Id];

/** What the task's scripts receive as \`deployedContracts\`: its address map without the wallet (a key read at run time may be absent). */
export type TaskContracts<Id extends TaskId> = Omit<TaskEnvById[Id], 'agent'> & { readonly [key: string]: Address };
`;
}

/**
 * Writes (or, with `check`, compares) `<tasksDir>/params.ts`. Returns whether the file on disk was
 * already current.
 */
export function writeParamTypes(tasksDir: string, opts: { check?: boolean } = {}): { file: string; current: boolean } {
  const dir = resolve(tasksDir);
  if (!SPLITS.some((split) => existsSync(join(dir, split)))) {
    throw new QuestError('TASKS_FOLDER', `${tasksDir} holds no ${SPLITS.map((s) => `${s}/`).join(', ')} folder of tasks`, {
      hint: 'name the folder that holds your tasks: questbench types <tasks folder>',
    });
  }
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
    const what = unknown.length ? `unknown option ${unknown.join(', ')}` : `one tasks folder at most, got ${folders.join(', ')}`;
    console.error(new QuestError('CLI_ARGUMENT', `questbench types: ${what}`, { hint: 'run `questbench types --help`' }).explain());
    console.error(`\n${USAGE}`);
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
