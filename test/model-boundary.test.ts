// What reaches a model under test: the messages and an abort signal, nothing else of the task. A
// module records everything reachable from its arguments and `this` through a whole benchmark run of
// both splits, and tries to answer from anything but the messages; it must find nothing and score 0.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { splitSizes } from './helpers/tasks.ts';
import { latestRunFile, readRunResult, runVitest } from './helpers/runs.ts';

const RECORDER = `import { appendFileSync } from 'node:fs';

// Every value reachable from the arguments: own property names (symbols too, non-enumerable too) and
// the constructor of each object, depth first.
function describe(value, seen = new Set()) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return { type: typeof value, value: typeof value === 'string' ? value : String(value) };
  if (seen.has(value)) return { type: 'cycle' };
  seen.add(value);
  const keys = [...Object.getOwnPropertyNames(value), ...Object.getOwnPropertySymbols(value).map(String)];
  const props = {};
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(value, k) ?? {};
    props[k] = 'value' in d ? describe(d.value, seen) : { type: 'accessor' };
  }
  return { type: Array.isArray(value) ? 'array' : typeof value, ctor: Object.getPrototypeOf(value)?.constructor?.name ?? null, props };
}

// Anything that looks like an answer key: a reference source, parameters, a task id.
function findKey(value, seen = new Set()) {
  if (value === null || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  for (const k of Object.getOwnPropertyNames(value)) {
    if (['reference', 'source', 'params', 'taskId', 'task', 'instance', 'validator'].includes(k)) return value[k];
    const inner = findKey(value[k], seen);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

const NOOP = '\`\`\`typescript\\nexport async function executeSkill(p, agentAddress) { return { to: agentAddress, value: "0" }; }\\n\`\`\`';

export async function respond(...args) {
  appendFileSync(process.env.QB_RECORD_FILE, JSON.stringify({ argc: args.length, thisType: typeof this, args: args.map((a) => describe(a)) }) + '\\n');
  const key = findKey(args) ?? findKey(globalThis.__questbench) ?? findKey(this);
  if (key !== undefined) return '\`\`\`typescript\\n// found an answer key\\n' + JSON.stringify(key) + '\\n\`\`\`';
  const composite = args[0][1]?.content?.startsWith('Request: ');
  if (composite) return args[0].length > 2 ? '{"submit": true}' : '1. Send one transaction.';
  return NOOP;
}
`;

interface Described {
  type: string;
  value?: string;
  ctor?: string | null;
  props?: Record<string, Described>;
}

test('a module model receives only the messages and a signal, on both splits, and cannot find the answer key', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-boundary-'));
  const module = join(dir, 'recorder.mjs');
  const record = join(dir, 'calls.jsonl');
  writeFileSync(module, RECORDER);
  writeFileSync(record, '');
  const r = runVitest(['run', '--project', 'atomic', '--project', 'composite'], {
    QUEST_MODEL: `module:${module}`,
    QUEST_RESULTS_DIR: join(dir, 'results'),
    QUEST_FAIL_ON: 'infra',
    QB_RECORD_FILE: record,
  });
  expect(r.status, r.out).toBe(0);

  const slug = readdirSync(join(dir, 'results'))[0]!;
  const result = readRunResult(latestRunFile(join(dir, 'results'), slug));
  expect(result.summary.atomic.instances).toBe(splitSizes.atomic);
  expect(result.summary.composite.instances).toBe(splitSizes.composite);
  // Answering from anything but the messages found nothing to answer with.
  expect(result.instances.filter((i) => i.score > 0).map((i) => `${i.taskId}: ${i.score}`)).toEqual([]);
  expect(result.summary.atomic.score + result.summary.composite.score).toBe(0);

  const calls = readFileSync(record, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { argc: number; thisType: string; args: Described[] });
  // One call per atomic instance; a plan and a submit per composite episode.
  expect(calls).toHaveLength(splitSizes.atomic + 2 * splitSizes.composite);
  const leaks = new Set<string>();
  for (const call of calls) {
    expect(call.argc).toBe(2);
    expect(call.thisType).toBe('undefined');
    const [messages, request] = call.args as [Described, Described];
    expect(messages.type).toBe('array');
    expect(messages.ctor).toBe('Array');
    for (const [k, m] of Object.entries(messages.props!)) {
      if (k === 'length') continue;
      expect(m.ctor).toBe('Object');
      expect(Object.keys(m.props!).sort()).toEqual(['content', 'role']);
      const content = m.props!.content!.value!;
      expect(m.props!.content!.type).toBe('string');
      expect(['system', 'user', 'assistant']).toContain(m.props!.role!.value);
      // The prompt says nothing a solver could look the answer up by.
      for (const marker of ['declare const PARAMS', '"templateIndex"', 'validator', '.reference.ts'])
        if (content.includes(marker)) leaks.add(marker);
    }
    expect(request.ctor).toBe('Object');
    expect(Object.keys(request.props!)).toEqual(['signal']);
    expect(request.props!.signal!.ctor).toBe('AbortSignal');
    // A plain AbortSignal: Node's own symbol-keyed internals and nothing of the harness.
    expect(Object.keys(request.props!.signal!.props!).filter((k) => !k.startsWith('Symbol('))).toEqual([]);
    const ctors = new Set<string>();
    const walk = (d: Described) => {
      if (d.ctor) ctors.add(d.ctor);
      for (const inner of Object.values(d.props ?? {})) walk(inner);
    };
    walk(request.props!.signal!);
    for (const c of ctors) expect(['AbortSignal', 'SafeMap', 'SafeSet', 'Map', 'Set', 'Timeout', 'WeakRef']).toContain(c);
  }
  expect([...leaks]).toEqual([]);
});
