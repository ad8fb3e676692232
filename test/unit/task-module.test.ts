import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { taskModule as atomicTaskModule } from '../../src/plugin/task-module.ts';
import { AtomicTask } from '../../src/tasks/schema.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILE = join(ROOT, 'tasks/atomic/erc20_operations/erc20_transfer_fixed.json');
const REL = 'tasks/atomic/erc20_operations/erc20_transfer_fixed.json';
const RUNTIME = '/abs/src/plugin/runtime.ts';
const source = readFileSync(FILE, 'utf8');
const opts = (root = ROOT) => ({ rounds: 3, runtime: RUNTIME, root });

interface Registered {
  title: string;
  fn: (ctx?: unknown) => unknown;
}

/**
 * Runs a generated module with its imports replaced by stand-ins: proves it is valid JavaScript
 * and shows which tests it registers and what they do.
 */
function load(module: string, imports: Record<string, unknown> = {}): Registered[] {
  const tests: Registered[] = [];
  const body = module
    .split('\n')
    .filter((l) => !l.startsWith('import '))
    .join('\n');
  const scope = { test: (title: string, fn: Registered['fn']) => tests.push({ title, fn }), ...imports };
  new Function(...Object.keys(scope), body)(...Object.values(scope));
  return tests;
}

/** The single failing test of a broken task file: its title and the message it throws. */
function failure(module: string): { title: string; message: string } {
  const tests = load(module);
  expect(tests).toHaveLength(1);
  try {
    tests[0]!.fn();
  } catch (e) {
    return { title: tests[0]!.title, message: (e as Error).message };
  }
  throw new Error('the generated test did not throw');
}

const temp = mkdtempSync(join(tmpdir(), 'questbench-task-module-'));
// Task files live under tasks/atomic/ (their folder names their split).
const atomicDir = join(temp, 'tasks', 'atomic');
mkdirSync(atomicDir, { recursive: true });
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('atomicTaskModule for a valid task', () => {
  const module = atomicTaskModule(source, FILE, opts());

  it('imports the runtime, the validator and the raw reference', () => {
    const imports = module.split('\n').filter((l) => l.startsWith('import '));
    expect(imports).toEqual([
      `import { test } from 'vitest';`,
      `import { playTask } from ${JSON.stringify(RUNTIME)};`,
      'import * as validatorModule from "./erc20_transfer_fixed.validator.ts";',
      'import referenceSource from "./erc20_transfer_fixed.reference.ts?raw";',
    ]);
  });

  it('declares one literal test per round', () => {
    for (const n of [1, 2, 3]) expect(module).toContain(`test("erc20_transfer_fixed · round ${n}"`);
    expect(module.match(/^test\(/gm)).toHaveLength(3);
  });

  it('runs each round with the parsed task, its companions, its round number and its file', () => {
    const calls: unknown[][] = [];
    const stand = { playTask: (...args: unknown[]) => calls.push(args), validatorModule: { default: 'V' }, referenceSource: 'R' };
    const tests = load(module, stand);
    expect(tests.map((t) => t.title)).toEqual([
      'erc20_transfer_fixed · round 1',
      'erc20_transfer_fixed · round 2',
      'erc20_transfer_fixed · round 3',
    ]);
    for (const t of tests) t.fn('CTX');
    const spec = AtomicTask.parse(JSON.parse(source));
    const task = { file: FILE, rel: REL, split: 'atomic', protocol: 'atomic', spec };
    expect(calls).toEqual([1, 2, 3].map((round) => ['CTX', task, { validator: 'V', reference: 'R' }, round]));
  });

  it('honours custom validator and reference file names', () => {
    const dir = mkdtempSync(join(atomicDir, 'custom-'));
    const file = join(dir, 'erc20_transfer_fixed.json');
    writeFileSync(join(dir, 'check.ts'), '');
    writeFileSync(join(dir, 'solution.ts'), '');
    const module = atomicTaskModule(
      JSON.stringify({ ...JSON.parse(source), validator: 'check.ts', reference: 'solution.ts' }),
      file,
      opts(temp),
    );
    expect(module).toContain('import * as validatorModule from "./check.ts";');
    expect(module).toContain('import referenceSource from "./solution.ts?raw";');
  });
});

describe('atomicTaskModule for a broken task', () => {
  it('reports invalid JSON as one failing test', () => {
    const { title, message } = failure(atomicTaskModule('{ "id": ', FILE, opts()));
    expect(title).toBe('erc20_transfer_fixed.json · invalid task file');
    expect(message).toContain(`invalid task file ${REL}: not valid JSON`);
  });

  it('reports a schema error with the relative path and the failing field', () => {
    const broken = { ...JSON.parse(source), templates: ['Send {amount} {token.symbol} to {to}.'] };
    const { title, message } = failure(atomicTaskModule(JSON.stringify(broken), FILE, opts()));
    expect(title).toBe('erc20_transfer_fixed.json · invalid task file');
    expect(message).toContain(`invalid task file ${REL}:`);
    expect(message).toMatch(/- templates: /);
  });

  it('reports a missing validator, then a missing reference', () => {
    const dir = mkdtempSync(join(atomicDir, 'lonely-'));
    const file = join(dir, 'erc20_transfer_fixed.json');
    const rel = relative(temp, file);
    const first = failure(atomicTaskModule(source, file, opts(temp)));
    expect(first.title).toBe('erc20_transfer_fixed · invalid task file');
    expect(first.message).toBe(`invalid task file ${rel}: validator erc20_transfer_fixed.validator.ts not found next to it`);

    writeFileSync(join(dir, 'erc20_transfer_fixed.validator.ts'), '');
    expect(failure(atomicTaskModule(source, file, opts(temp))).message).toBe(
      `invalid task file ${rel}: reference solution erc20_transfer_fixed.reference.ts not found next to it`,
    );
  });
});
