// The package as another repository gets it: `npm pack`, installed into a fresh project with only the
// dependencies the package declares (taken from this checkout's node_modules: no network), then the
// example project of examples/own-tasks run with Vitest: its own task (a contract of its own), the
// built-in tasks on request, its validator typed against the package's declarations.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { startAnvil } from '../src/chain/anvil.ts';
import { MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { latestRunFile, readRunResult, ROOT } from './helpers/runs.ts';

let project: string;
let packed: string[] = [];

/** What `npm install` of the tarball would place: the package, and the closure of what it declares (plus vitest, its peer). */
function install(tarball: string, into: string): void {
  const modules = join(into, 'node_modules');
  mkdirSync(modules, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', modules]);
  execFileSync('mv', [join(modules, 'package'), join(modules, 'evm-questbench')]);
  const pkg = JSON.parse(readFileSync(join(modules, 'evm-questbench', 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const queue = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), 'typescript', '@types/node'];
  const seen = new Set<string>();
  while (queue.length) {
    const name = queue.shift()!;
    const dir = join(ROOT, 'node_modules', name);
    if (seen.has(name) || !existsSync(dir)) continue;
    seen.add(name);
    const dep = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const k of ['dependencies', 'optionalDependencies', 'peerDependencies']) queue.push(...Object.keys(dep[k] ?? {}));
  }
  for (const name of seen) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-pack-'));
  // prepack builds dist/ first.
  const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const tarball = join(dir, out.trim().split('\n').at(-1)!);
  packed = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  project = join(dir, 'project');
  cpSync(join(ROOT, 'examples/own-tasks'), project, { recursive: true, filter: (src) => !/node_modules|results|\.questbench/.test(src) });
  install(tarball, project);
}, 300_000);

function vitest(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
    cwd: project,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', QUEST_RESULTS_DIR: join(project, 'results'), ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: r.status, out: r.stdout + r.stderr };
}
/** The newest results file of a model in the project. */
const latestFile = (model: string) => latestRunFile(join(project, 'results'), model);
const latest = (model: string) => readRunResult(latestFile(model));

test('the tarball holds compiled JavaScript with declarations, the fixtures, the schemas, the built-in tasks and the bin; no TypeScript sources of the harness', () => {
  expect(packed).toContain('package/dist/src/plugin/index.js');
  expect(packed).toContain('package/dist/src/plugin/index.d.ts');
  expect(packed).toContain('package/dist/src/validators/index.d.ts');
  expect(packed).toContain('package/dist/src/sandbox/deno-host.mjs');
  expect(packed).toContain('package/fixtures/mirror/state.json');
  expect(packed).toContain('package/tasks/task.schema.json');
  expect(packed).toContain('package/tasks/atomic/erc20_operations/erc20_approve.json');
  expect(packed).toContain('package/bin/questbench.mjs');
  expect(packed.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/'))).toEqual([]);
  const pkg = JSON.parse(readFileSync(join(project, 'node_modules/evm-questbench/package.json'), 'utf8')) as {
    private?: boolean;
    exports: Record<string, unknown>;
  };
  expect(pkg.private).toBeUndefined();
  expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './validators', './composite', './reporter']));
});

test('the project runs its own task (with a contract of its own) with the reference model to 100', { timeout: 300_000 }, () => {
  const r = vitest([]);
  expect(r.status, r.out).toBe(0);
  expect(r.out).toMatch(/questbench · model reference/);
  const run = latest('reference');
  expect(run.instances.map((i) => `${i.taskId} ${i.score}`)).toEqual(['tip_jar_tip 100']);
});

test('a wrong answer to the own task scores below the pass line', { timeout: 300_000 }, () => {
  const r = vitest([], { QUEST_MODEL: 'null', QUEST_FAIL_ON: 'infra' });
  expect(r.status, r.out).toBe(0);
  expect(latest('null').instances[0]!.passed).toBe(false);
});

test('the built-in tasks run from the package when asked (QUEST_TASKS=builtin)', { timeout: 300_000 }, () => {
  const r = vitest(['-t', '^(erc20_approve|composite_wrap_unwrap_cycle) ·'], { QUEST_TASKS: 'builtin' });
  expect(r.status, r.out).toBe(0);
  const ids = latest('reference')
    .instances.map((i) => `${i.taskId} ${i.score}`)
    .sort();
  expect(ids).toEqual(['composite_wrap_unwrap_cycle 100', 'erc20_approve 100']);
});

test("on a fork without the hard split's protocols the run says so once, records those instances infra, runs the rest and ends", {
  timeout: 300_000,
}, async () => {
  // The published mirror as the upstream: PancakeSwap V2, no V3, no Venus (a testnet, a wrong RPC).
  const upstream = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
  try {
    // Spawned, not spawnSync: the upstream's output must keep draining while the run talks to it.
    const child = spawn(
      process.execPath,
      [
        join(project, 'node_modules/vitest/vitest.mjs'),
        'run',
        '-t',
        '^(hard_units_pay_exact|hard_pancake_v3_deepest_pool_swap|erc20_approve) ·',
      ],
      {
        cwd: project,
        env: {
          ...process.env,
          CI: 'true',
          NO_COLOR: '1',
          QUEST_RESULTS_DIR: join(project, 'results'),
          QUEST_TASKS: 'builtin',
          QUEST_FORK_URL: upstream.url,
        },
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const status = await new Promise<number | null>((r) => child.on('exit', r));
    clearTimeout(killer);
    expect(status, out).toBe(1);
    expect(out.split('\n').filter((l) => /^questbench · the hard split cannot run on this fork: .*PancakeSwap V3/.test(l))).toHaveLength(1);
    const rows = latest('reference')
      .instances.map((i) => `${i.taskId} ${i.outcome} ${i.score}`)
      .sort();
    expect(rows).toEqual(['erc20_approve exact 100', 'hard_pancake_v3_deepest_pool_swap infra 0', 'hard_units_pay_exact infra 0']);
  } finally {
    await upstream.stop();
  }
});

test('the task JSON finds its schema through $schema, and its validator type-checks against the package', () => {
  const task = join(project, 'tasks/atomic/tip_jar/tip_jar_tip.json');
  const schema = resolve(dirname(task), (JSON.parse(readFileSync(task, 'utf8')) as { $schema: string }).$schema);
  expect(existsSync(schema)).toBe(true);
  const tsc = spawnSync(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
});

test('the questbench bin reports a run from the compiled CLI', () => {
  const r = spawnSync(
    process.execPath,
    [join(project, 'node_modules/evm-questbench/bin/questbench.mjs'), 'report', latestFile('reference')],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/Atomic +100 \/ 100/);
});
