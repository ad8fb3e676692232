// The benchmark as a user runs it: `vitest run --project atomic` in a subprocess, then the results file.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readTaskSpecs } from '../src/tasks/load.ts';
import { latestRun, ROOT, runVitest } from './helpers/runs.ts';

const taskCount = readTaskSpecs('tasks/atomic').length;

// `vitest run`, FORCE_COLOR off as well: these tests read stdout line by line.
const vitestRun = (args: string[], env: Record<string, string>, cwd = ROOT) =>
  runVitest(['run', ...args], { ...env, FORCE_COLOR: '0' }, { cwd });

test('reference model: every atomic task green, full score, results file written', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-results-'));
  const r = vitestRun(['--project', 'atomic'], { QUEST_MODEL: 'reference', QUEST_RESULTS_DIR: dir });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout.trimStart().split('\n')[0]).toMatch(/^questbench · model reference/);
  const { result, lines } = latestRun(dir, 'reference');
  expect(result.summary.atomic).toEqual({ score: taskCount * 100, max: taskCount * 100, passed: taskCount, instances: taskCount });
  expect(result.instances).toHaveLength(taskCount);
  expect(lines).toHaveLength(taskCount);
  expect(result.run).toMatchObject({ model: 'reference', rounds: 1, chain: { mode: 'mirror', chainId: 56 } });
  expect(r.stdout).toContain(`Atomic     ${taskCount * 100} / ${taskCount * 100}`);
});

test('null model: red tests listing failed checks, near-zero score, results still written', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-results-'));
  const r = vitestRun(['--project', 'atomic'], { QUEST_MODEL: 'null', QUEST_RESULTS_DIR: dir });
  expect(r.status).toBe(1);
  const { result } = latestRun(dir, 'null');
  expect(result.summary.atomic.passed).toBe(0);
  expect(result.summary.atomic.score).toBeLessThanOrEqual(0.02 * taskCount * 100);
  expect(r.stdout).toMatch(/Failed:\n\s+\w+ r1/);
  expect(r.stdout + r.stderr).toMatch(/✗ .+\[\d+\]: /);
});

test('a malformed task file is one red test naming file and field; the other task still runs', { timeout: 600_000 }, () => {
  // A user project of its own, with the package linked in as it would be after npm install.
  const proj = mkdtempSync(join(tmpdir(), 'qb-proj-'));
  symlinkSync(join(ROOT, 'node_modules'), join(proj, 'node_modules'));
  const tasks = join(proj, 'tasks', 'atomic', 'mine');
  mkdirSync(tasks, { recursive: true });
  for (const ext of ['json', 'validator.ts', 'reference.ts']) {
    cpSync(join(ROOT, 'tasks/atomic/native_transfer', `bnb_transfer_basic.${ext}`), join(tasks, `bnb_transfer_basic.${ext}`));
  }
  const broken = JSON.parse(readFileSync(join(tasks, 'bnb_transfer_basic.json'), 'utf8'));
  broken.id = 'broken_task';
  broken.templates = ['Send {amount} BNB to {recipient}.', 'two', 'three'];
  writeFileSync(join(tasks, 'broken_task.json'), JSON.stringify(broken));
  // Validators import 'evm-questbench/validators'; map it to this checkout.
  writeFileSync(
    join(proj, 'vitest.config.ts'),
    `import ${JSON.stringify(join(ROOT, 'src/polyfills.ts'))};
import { defineConfig } from 'vitest/config';
import { questbench } from ${JSON.stringify(join(ROOT, 'src/plugin/index.ts'))};
import Reporter from ${JSON.stringify(join(ROOT, 'reporters/questbench.ts'))};
export default defineConfig({
  resolve: { alias: { 'evm-questbench/validators': ${JSON.stringify(join(ROOT, 'src/validators/index.ts'))} } },
  test: { reporters: [new Reporter(), 'default'], projects: [{ plugins: [questbench()], test: { name: 'atomic', include: ['tasks/atomic/**/*.json'] } }] },
});
`,
  );
  const r = vitestRun(['--project', 'atomic'], { QUEST_RESULTS_DIR: join(proj, 'results') }, proj);
  const all = r.stdout + r.stderr;
  expect(r.status).toBe(1);
  expect(all).toContain('broken_task.json · invalid task file');
  expect(all).toContain('tasks/atomic/mine/broken_task.json');
  expect(all).toMatch(/templates\.0: placeholder \{recipient\} has no parameter/);
  expect(all).toMatch(/templates\.1: Too small|templates\.1: .*>=10/);
  expect(all).toMatch(/✓ .*bnb_transfer_basic · round 1/);
});

test('`vitest list` (a static read, as editor explorers do) shows exactly one test per task and round', { timeout: 300_000 }, () => {
  const out = runVitest(['list', '--project', 'atomic', '--project', 'composite', '--json'], { QUEST_ROUNDS: '2' }, { timeout: 300_000 });
  expect(out.status, out.stderr).toBe(0);
  const listed = (JSON.parse(out.stdout) as { name: string; projectName: string }[]).map((t) => `${t.projectName}/${t.name}`).sort();
  const ids = [
    ...readTaskSpecs('tasks/atomic').map((f) => `atomic/${f.spec.id}`),
    ...readTaskSpecs('tasks/composite').map((f) => `composite/${f.spec.id}`),
  ];
  expect(listed).toEqual(ids.flatMap((id) => [`${id} · round 1`, `${id} · round 2`]).sort());
});
