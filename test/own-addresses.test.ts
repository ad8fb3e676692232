// A project's task that adds a contract to its address map (`addresses` in the task file): the example
// project's TipJar task, run with the package linked to this checkout. The reference finds the jar by the
// task's own key in deployedContracts and scores 100; the prompt lists the key with its description.
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { latestRun, ROOT, runVitest } from './helpers/runs.ts';

test("a project's own address key reaches the prompt, the script's map and the validator", { timeout: 600_000 }, () => {
  const proj = mkdtempSync(join(tmpdir(), 'qb-own-keys-'));
  symlinkSync(join(ROOT, 'node_modules'), join(proj, 'node_modules'));
  cpSync(join(ROOT, 'examples/own-tasks/tasks'), join(proj, 'tasks'), { recursive: true });
  cpSync(join(ROOT, 'examples/own-tasks/contracts'), join(proj, 'contracts'), { recursive: true });
  // The reference reads the jar from deployedContracts by the task's key instead of its parameter.
  const reference = join(proj, 'tasks/atomic/tip_jar/tip_jar_tip.reference.ts');
  const source = readFileSync(reference, 'utf8')
    .replace(
      'export async function executeSkill() {',
      'export async function executeSkill(_url: string, _agent: string, deployedContracts: Record<string, `0x${string}`>) {',
    )
    .replace('to: PARAMS.jar,', 'to: deployedContracts.tip_jar,');
  expect(source).toContain('to: deployedContracts.tip_jar,');
  writeFileSync(reference, source);
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
  const results = join(proj, 'results');
  const r = runVitest(
    ['run', '--project', 'atomic'],
    { QUEST_RESULTS_DIR: results, QUEST_MODEL: 'reference', FORCE_COLOR: '0' },
    { cwd: proj },
  );
  expect(r.status, r.stdout + r.stderr).toBe(0);
  const { result, lines } = latestRun(results, 'reference');
  expect(result.instances.map((i) => `${i.taskId} ${i.score}`)).toEqual(['tip_jar_tip 100']);
  const record = JSON.parse(lines[0]!) as { transcript: { messages: { role: string; content: string }[] } };
  const system = record.transcript.messages.find((m) => m.role === 'system')?.content ?? '';
  expect(system).toMatch(/^ {2}tip_jar {16}0x00000000000000000000000000000000007137a5 {2}TipJar: tip\(string note\) payable/im);
});
