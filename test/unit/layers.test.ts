// The layer check of `npm run lint` (.dependency-cruiser.cjs) fails where it must: a small tree laid out
// like src/ gets one planted import of each kind it forbids (upward, type-only upward, dynamic upward,
// a circle of files, a circle of folders within a tier, a placed file importing above its tier), and
// the same tree without them passes.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Files that break no rule: each tier imports the one below, and a placed file is imported from above its folder. */
const CLEAN: Record<string, string> = {
  'src/tasks/spec.ts': 'export const spec = 1;\n',
  'src/stats/mean.ts': "import { spec } from '../tasks/spec.ts';\nexport const mean = spec;\n",
  'src/instance/environment.ts': "import { spec } from '../tasks/spec.ts';\nexport const environmentText = () => String(spec);\n",
  'src/chain/session.ts': "import { spec } from '../tasks/spec.ts';\nexport const session = spec;\n",
  'src/sandbox/proxy.ts': "import { session } from '../chain/session.ts';\nexport const proxy = session;\n",
  'src/risk/assess.ts': "import { session } from '../chain/session.ts';\nexport const assess = session;\n",
  'src/results/record.ts': "import { assess } from '../risk/assess.ts';\nexport const record = assess;\n",
  'src/model/resolve.ts': "import { runner } from '../agent/runner.ts';\nexport const resolveModel = runner;\n",
  'src/agent/runner.ts': "import { session } from '../chain/session.ts';\nexport const runner = session;\n",
  'src/episode/episode.ts': "import type { record } from '../results/record.ts';\nexport type Episode = typeof record;\n",
  'src/atomic/prompt.ts': "import { environmentText } from '../instance/environment.ts';\nexport const prompt = environmentText;\n",
  'src/atomic/solver.ts':
    "import type { Episode } from '../episode/episode.ts';\nimport { prompt } from './prompt.ts';\nexport const solve = (e: Episode) => [e, prompt];\n",
  'src/instance/run.ts': "export const runInstance = () => import('../atomic/solver.ts');\n",
  'src/plugin/index.ts': "import { runInstance } from '../instance/run.ts';\nexport const questbench = runInstance;\n",
  'reporters/questbench.ts': "import { questbench } from '../src/plugin/index.ts';\nexport default questbench;\n",
};

/** One planted import of each kind, by the rule that must name it. */
const PLANTS: Record<string, { files: Record<string, string>; from: string; to: string }> = {
  'ground-imports-upward': {
    files: { 'src/tasks/up.ts': "import { questbench } from '../plugin/index.ts';\nexport const up = questbench;\n" },
    from: 'src/tasks/up.ts',
    to: 'src/plugin/index.ts',
  },
  'node-imports-upward': {
    files: { 'src/chain/lazy.ts': "export const lazy = () => import('../instance/run.ts');\n" },
    from: 'src/chain/lazy.ts',
    to: 'src/instance/run.ts',
  },
  'readers-imports-upward': {
    files: { 'src/risk/typed.ts': "import type { Episode } from '../episode/episode.ts';\nexport type Typed = Episode;\n" },
    from: 'src/risk/typed.ts',
    to: 'src/episode/episode.ts',
  },
  'no-circular': {
    files: {
      'src/stats/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'src/stats/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    },
    from: 'src/stats/a.ts',
    to: 'src/stats/b.ts',
  },
  'readers-folders-in-a-circle': {
    files: { 'src/risk/back.ts': "import { record } from '../results/record.ts';\nexport const back = record;\n" },
    from: 'src/risk',
    to: 'src/results',
  },
  'protocols-imports-upward': {
    files: { 'src/agent/gateway.ts': "import { runInstance } from '../instance/run.ts';\nexport const gateway = runInstance;\n" },
    from: 'src/agent/gateway.ts',
    to: 'src/instance/run.ts',
  },
};
// The placed file of the ground tier importing its own folder's tier is upward too.
PLANTS['ground-imports-upward']!.files['src/instance/environment.ts'] =
  "import '../instance/run.ts';\nexport const environmentText = () => '';\n";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Lays out a tree with the project's layer rules and returns what the check finds in it. */
function check(files: Record<string, string>): Violation[] {
  const dir = mkdtempSync(join(tmpdir(), 'questbench-layers-'));
  dirs.push(dir);
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true },
    }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [CLI, 'src', 'reporters', '--output-type', 'json'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    // Violations make the check exit non-zero; its report is on stdout all the same.
    out = (e as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the layer check', () => {
  test('passes a tree whose imports point down, a placed file imported from above its folder included', () => {
    expect(check(CLEAN)).toEqual([]);
  });

  test('names each planted import by its rule: upward, type-only, dynamic, a circle of files, a circle of folders', () => {
    const planted = Object.assign({ ...CLEAN }, ...Object.values(PLANTS).map((p) => p.files));
    const found = check(planted).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    for (const [rule, { from, to }] of Object.entries(PLANTS)) expect(found).toContain(`${rule}: ${from} -> ${to}`);
    expect(found).toContain('ground-imports-upward: src/instance/environment.ts -> src/instance/run.ts');
  }, 30_000);
});
