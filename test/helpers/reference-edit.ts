// A wrong answer written as the task's own reference with the careless habit edited in: every edit must
// apply, so a mutant can never silently become the reference.
import { readFileSync } from 'node:fs';
import { referenceScript } from '../../src/model/reference.ts';
import type { ScriptContext } from '../../src/tasks/mutants.ts';

export type Edit = readonly [from: string, to: string];

/**
 * The edit's text as a pattern that ignores layout: any whitespace between its characters, and a trailing
 * comma before a closing bracket, so the formatter's line breaks do not stop an edit from applying.
 */
function layoutFree(from: string): RegExp {
  const chars = [...from.replace(/\s+/g, '')];
  const body = chars.map((c) => `${/[)\]}]/.test(c) ? '(?:,\\s*)?' : ''}${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).join('\\s*');
  return new RegExp(body, 'g');
}

export function editedSource(file: string, edits: readonly Edit[]): string {
  let source = readFileSync(file, 'utf8');
  for (const [from, to] of edits) {
    const pattern = layoutFree(from);
    if (!pattern.test(source)) throw new Error(`${file}: the edit's text "${from}" is not in the reference`);
    source = source.replace(pattern, () => to);
  }
  return source;
}

/** An atomic mutant: the reference of `tasks/hard/<family>/<id>` with `edits` applied, for the instance's parameters. */
export function editedReference(family: string, id: string, edits: readonly Edit[]): (ctx: ScriptContext) => string {
  const source = editedSource(`tasks/hard/${family}/${id}.reference.ts`, edits);
  return ({ params }) =>
    referenceScript(id, source, params)
      .replace(/^```typescript\n/, '')
      .replace(/\n```\n$/, '');
}
