import { typescriptFence } from './fence.ts';
import { ModelConfigError } from './types.ts';
import type { Model } from './types.ts';

const DECLARE_START = /^[ \t]*(export[ \t]+)?declare[ \t]+const[ \t]+PARAMS\b[ \t]*:/gm;

/**
 * Removes the `declare const PARAMS: <Type>;` statement from a reference module.
 * The type may span lines or contain `;` inside object types, so the end of the
 * statement is found by scanning brackets, strings and comments rather than by regex.
 */
export function stripParamsDeclaration(source: string): { code: string; exported: boolean } {
  const starts = [...source.matchAll(DECLARE_START)];
  if (starts.length === 0) {
    throw new ModelConfigError('reference source has no `declare const PARAMS: <Type>;` line, so its parameters cannot be filled in');
  }
  if (starts.length > 1) {
    throw new ModelConfigError(
      `reference source declares PARAMS ${starts.length} times; exactly one \`declare const PARAMS: <Type>;\` line is expected`,
    );
  }
  const match = starts[0]!;
  const lineStart = match.index;
  const end = statementEnd(source, lineStart + match[0].length);
  // Drop the rest of that line too (a trailing comment, the newline).
  let cut = end;
  const newline = source.indexOf('\n', cut);
  const restOfLine = newline === -1 ? source.slice(cut) : source.slice(cut, newline);
  if (/^\s*(\/\/.*)?$/.test(restOfLine)) cut = newline === -1 ? source.length : newline + 1;
  // A blank line on both sides of the statement: keep one of them.
  if (cut < source.length && source[cut] === '\n' && source.slice(0, lineStart).endsWith('\n\n')) cut++;
  return { code: source.slice(0, lineStart) + source.slice(cut), exported: match[1] !== undefined };
}

function statementEnd(src: string, from: number): number {
  let depth = 0;
  let sawType = false;
  let i = from;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? src.length : nl;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      i = close === -1 ? src.length : close + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(src, i);
      sawType = true;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ';' && depth === 0) return i + 1;
    else if (c === '\n' && depth === 0 && sawType && !continuesOnNextLine(src, i + 1)) return i;
    if (!/\s/.test(c)) sawType = true;
    i++;
  }
  return src.length;
}

// Without a semicolon the statement still goes on when the next line continues the type.
function continuesOnNextLine(src: string, from: number): boolean {
  const next = /^\s*(\S)/.exec(src.slice(from));
  return next !== null && '|&.<>=?,'.includes(next[1]!);
}

function skipString(src: string, open: number): number {
  const quote = src[open]!;
  let i = open + 1;
  while (i < src.length && src[i] !== quote) i += src[i] === '\\' ? 2 : 1;
  return i + 1;
}

/**
 * Type-only imports of the task's own files (its parameter types, `import type { TaskParams } from
 * '../../params.ts'`): they carry nothing at run time, and the answer runs where no such file exists.
 */
const LOCAL_TYPE_IMPORT = /^[ \t]*import[ \t]+type\b[^;]*?\bfrom[ \t]*(['"])\.{1,2}\/[^'"]*\1[ \t]*;?[ \t]*(?:\r?\n|$)/gm;

/** The reference source without its type-only imports of the task's own files. */
export function stripLocalTypeImports(source: string): string {
  return source.replace(LOCAL_TYPE_IMPORT, '');
}

const SKILL = /export[ \t]+async[ \t]+function[ \t]+executeSkill[ \t]*\(/;

/**
 * A script written against BSC's keys (a task's reference or wrong answer) run on a chain whose map names
 * them otherwise: its executeSkill receives deployedContracts re-keyed by `keys` (the chain's key → BSC's,
 * WETH → WBNB on Base). With no key renamed the script comes back as it is.
 */
export function onBscKeys(code: string, keys: Readonly<Record<string, string>>): string {
  if (!Object.keys(keys).length) return code;
  if (!SKILL.test(code)) throw new ModelConfigError('a script written against BSC keys must declare `export async function executeSkill(`');
  return `${code.replace(SKILL, 'async function skillOnBscKeys(')}

export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {
  const KEYS: Record<string, string> = ${JSON.stringify(keys)};
  const onBsc = Object.fromEntries(Object.entries(deployedContracts).map(([k, v]) => [KEYS[k] ?? k, v]));
  return skillOnBscKeys(providerUrl, agentAddress, onBsc as never);
}
`;
}

/**
 * The gold solution of one instance: the reference source with its `declare const PARAMS` filled in
 * and its type-only imports of the task's own files dropped; on a chain that names keys otherwise, keyed
 * back to BSC's (onBscKeys).
 */
export function referenceScript(
  taskId: string,
  source: string,
  params: Record<string, unknown>,
  keys: Readonly<Record<string, string>> = {},
): string {
  let literal: string;
  try {
    literal = JSON.stringify(params, null, 2);
  } catch (err) {
    throw new ModelConfigError(`reference params of task ${taskId} are not JSON-serializable: ${(err as Error).message}`);
  }
  let stripped: { code: string; exported: boolean };
  try {
    stripped = stripParamsDeclaration(stripLocalTypeImports(source));
  } catch (err) {
    if (err instanceof ModelConfigError) throw new ModelConfigError(`task ${taskId}: ${err.message}`);
    throw err;
  }
  const decl = `${stripped.exported ? 'export ' : ''}const PARAMS = ${literal} as const;`;
  return typescriptFence(onBscKeys(`${decl}\n\n${stripped.code.replace(/^\s*\n/, '')}`, keys));
}

export const REFERENCE_DESCRIPTION = "reference model: replies with each task's gold solution and its instance parameters (ceiling)";

/**
 * The reference model of one atomic instance. The harness builds it per instance from the task's
 * reference source and the drawn parameters; nothing of either travels with a model call.
 */
export function referenceModel(
  taskId: string,
  source: string,
  params: Record<string, unknown>,
  keys: Readonly<Record<string, string>> = {},
): Model {
  return {
    id: 'reference',
    describe: REFERENCE_DESCRIPTION,
    async respond() {
      const started = performance.now();
      const text = referenceScript(taskId, source, params, keys);
      return { text, latencyMs: performance.now() - started, attempts: 1 };
    },
  };
}

/** The reference model of an atomic task, as the harness builds it: one per instance, from its parameters. */
export const atomicReference =
  (taskId: string, source: string) =>
  (params: Record<string, unknown>): Model =>
    referenceModel(taskId, source, params);
