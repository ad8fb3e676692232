// Task parameter types are written once from the task files (tasks/params.ts): the file is current, its
// types describe what instantiate() really draws for every task, and an atomic reference's answer keeps
// none of its type imports.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { namedAddress } from '../src/chain/addresses.ts';
import { referenceScript, stripLocalTypeImports } from '../src/model/reference.ts';
import { compile } from '../src/sandbox/compile.ts';
import { extractCode } from '../src/sandbox/extract.ts';
import { vendorBundles } from '../src/sandbox/vendor.ts';
import { instantiate, type EnvMap } from '../src/tasks/instantiate.ts';
import { loadTasks, type TaskOf } from '../src/instance/task.ts';
import { paramType, paramTypesSource, readTaskParams } from '../src/tasks/params-types.ts';
import type { ParamSpec } from '../src/tasks/schema.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const atomic = (await loadTasks('tasks/atomic', ROOT)) as TaskOf<'atomic'>[];
const tasks = readTaskParams(join(ROOT, 'tasks'));
/** Any key names an address, so every task instantiates. */
const env = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? namedAddress(`env/${key}`) : undefined) }) as EnvMap;

describe('tasks/params.ts', () => {
  it('is what `npm run build:schema` writes from the task files now', () => {
    const message = 'tasks/params.ts is out of date: run `npm run build:schema`';
    expect(readFileSync(join(ROOT, 'tasks/params.ts'), 'utf8'), message).toBe(paramTypesSource(tasks));
  });

  it('covers every task of every split', () => {
    expect(tasks.filter((t) => t.file.startsWith('atomic/'))).toHaveLength(62);
    expect(tasks.filter((t) => t.file.startsWith('composite/'))).toHaveLength(45);
    expect(tasks.filter((t) => t.file.startsWith('hard/')).length).toBeGreaterThan(0);
  });

  it("types each parameter as instantiate() draws it: every task's instances type-check against it", () => {
    const kinds = new Set(tasks.flatMap((t) => Object.values(t.parameters).map((p) => p.kind)));
    // Every kind the generator maps occurs in the built-in tasks, so each mapping is checked below.
    expect([...kinds].sort()).toEqual(['address', 'amount', 'choice', 'derived', 'fixed', 'integer', 'string']);
    const lines = tasks.flatMap((t) =>
      [1, 2, 3].map((round) => {
        const { params } = instantiate({ id: t.id, templates: ['{x}'], parameters: t.parameters }, { runSeed: 20260, round, env });
        return `export const ${t.id}_${round} = ${JSON.stringify(params)} satisfies TaskParams<'${t.id}'>;`;
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'qb-params-'));
    const file = join(dir, 'instances.ts');
    writeFileSync(file, `import type { TaskParams } from '${join(ROOT, 'tasks/params.ts')}';\n${lines.join('\n')}\n`);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
      skipLibCheck: true,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });

  it('maps each kind of parameter to its type', () => {
    const choice: ParamSpec = {
      kind: 'choice',
      options: [
        { symbol: 'USDT', address: { env: 'USDT' }, decimals: 18 },
        { symbol: 'ODD', address: '0x0000000000000000000000000000000000000001', native: true },
      ],
    };
    // A literal address is an Address, like one from the environment; a field of other text stays a string.
    expect(paramType(choice)).toBe('{ symbol: string; address: Address; decimals?: number; native?: boolean }');
    const mixed: ParamSpec = { kind: 'choice', options: [{ to: '0x0000000000000000000000000000000000000001' }, { to: 'nobody' }] };
    expect(paramType(mixed)).toBe('{ to: Address | string }');
    expect(paramType({ kind: 'fixed', value: { percent: 50, path: ['WBNB', 'USDT'] } })).toBe(
      '{ percent: 50; path: readonly ["WBNB", "USDT"] }',
    );
    expect(paramType({ kind: 'derived', description: 'a signature' })).toBe('unknown');
    expect(paramType({ kind: 'integer', min: 1, max: 5, step: 1 })).toBe('number');
  });
});

describe('atomic reference answers', () => {
  it("every reference takes its parameters from tasks/params.ts, and its answer keeps no import of the task's files", async () => {
    const vendor = await vendorBundles();
    for (const f of atomic) {
      expect(f.reference, f.id).toMatch(new RegExp(`^declare const PARAMS: TaskParams<'${f.id}'>`, 'm'));
      const params = instantiate(f.spec, { runSeed: 20260, round: 1, env }).params;
      const answer = referenceScript(f.id, f.reference, params);
      expect(answer, f.id).not.toMatch(/TaskParams|params\.ts|from '\.{1,2}\//);
      const code = extractCode(answer);
      if (!('code' in code)) throw new Error(`${f.id}: ${code.error}`);
      const compiled = await compile(code.code, vendor);
      expect(compiled.ok ? 'ok' : compiled.message, f.id).toBe('ok');
    }
  });

  it('drops only type-only imports of relative paths, on one line or several', () => {
    const source = [
      "import { parseEther } from 'viem';",
      "import type { TaskParams } from '../../params.ts';",
      'import type {',
      '  Other,',
      "} from './types.ts'",
      "import type { Address } from 'viem';",
      'const x = \'import type { Y } from "./y.ts";\';',
    ].join('\n');
    expect(stripLocalTypeImports(source)).toBe(
      [
        "import { parseEther } from 'viem';",
        "import type { Address } from 'viem';",
        'const x = \'import type { Y } from "./y.ts";\';',
      ].join('\n'),
    );
  });
});

describe('questbench types', () => {
  const bin = join(ROOT, 'bin/questbench.mjs');
  const run = (args: string[], cwd: string) => spawnSync(process.execPath, [bin, 'types', ...args], { cwd, encoding: 'utf8' });

  it("writes a project's tasks/params.ts, then --check passes until a task's parameters change", () => {
    const project = mkdtempSync(join(tmpdir(), 'qb-types-'));
    cpSync(join(ROOT, 'examples/own-tasks/tasks'), join(project, 'tasks'), { recursive: true });
    const shipped = readFileSync(join(project, 'tasks/params.ts'), 'utf8');
    writeFileSync(join(project, 'tasks/params.ts'), '');
    expect(run(['--check'], project).status).toBe(1);

    const written = run([], project);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/wrote tasks\/params\.ts \(1 tasks\)/);
    const source = readFileSync(join(project, 'tasks/params.ts'), 'utf8');
    expect(source, 'examples/own-tasks/tasks/params.ts is out of date: run `npx questbench types` there').toBe(shipped);
    expect(source).toContain('tip_jar_tip: {\n    jar: Address;\n    amount: string;\n    note: string;\n  };');
    expect(run(['--check'], project).status).toBe(0);

    const file = join(project, 'tasks/atomic/tip_jar/tip_jar_tip.json');
    const task = JSON.parse(readFileSync(file, 'utf8')) as { parameters: Record<string, unknown> };
    task.parameters.tip_count = { kind: 'integer', min: 1, max: 3 };
    writeFileSync(file, JSON.stringify(task));
    const stale = run(['--check'], project);
    expect(stale.status).toBe(1);
    expect(stale.stdout).toMatch(/out of date: run `npx questbench types`/);
  });
});
