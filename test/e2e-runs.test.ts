// Whole runs as users start them (subprocesses), checked through the files and output they produce.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import type { RunResult } from '../src/results/record.ts';
import { CLI, latestRunFile, readRunResult, ROOT, runVitest } from './helpers/runs.ts';

const SUBSET =
  '^(bnb_transfer_basic|erc20_approve|query_bnb_balance|wbnb_deposit|erc20_transfer_fixed|swap_exact_bnb_for_tokens|composite_wrap_unwrap_cycle) ·';

const scores = (r: RunResult) =>
  Object.fromEntries(r.instances.map((i) => [`${i.split}/${i.taskId}/${i.round}`, [i.score, i.seed, i.templateIndex]]));

test('five rounds of a deterministic model: per-round lines, CI width 0, ρ = 1', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-rounds-'));
  const r = runVitest(['run', '--project', 'atomic', '--project', 'composite', '-t', SUBSET], {
    QUEST_ROUNDS: '5',
    QUEST_RESULTS_DIR: dir,
  });
  expect(r.status, r.out).toBe(0);
  const run = readRunResult(latestRunFile(dir, 'reference'));
  const stats = run.summary.stats as {
    perRound: unknown[];
    total: { halfWidth: number; sd: number };
    spearman: { mean: number; pairs: unknown[] };
  };
  expect(stats.perRound).toHaveLength(5);
  expect(stats.total.halfWidth).toBe(0);
  expect(stats.spearman.mean).toBe(1);
  expect(stats.spearman.pairs).toHaveLength(10);
  expect(r.out).toMatch(/^ {2}5 {6}600 \/ 600 {7}100 \/ 100 {7}700 \/ 700$/m);
  expect(r.out).toMatch(/Total +700 \/ 700 {2}± 0 \[700, 700\]/);
  expect(r.out).toMatch(/Spearman +ρ between rounds over per-task scores: mean 1 \(min 1, max 1, 10 pairs\)/);
  // Each round has its own instance seeds.
  expect(new Set(run.instances.filter((i) => i.taskId === 'erc20_approve').map((i) => i.seed)).size).toBe(5);
});

test('leaderboard over reference, null and a half-solving module model', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-lb-'));
  const files: string[] = [];
  for (const [model, slug] of [
    ['reference', 'reference'],
    ['null', 'null'],
    ['module:test/fixtures/half-solver.mjs', 'module-test-fixtures-half-solver.mjs'],
  ] as const) {
    const r = runVitest(['run', '--project', 'atomic', '-t', SUBSET], { QUEST_MODEL: model, QUEST_ROUNDS: '2', QUEST_RESULTS_DIR: dir });
    expect(r.out).toContain(`questbench · model ${model}`);
    files.push(latestRunFile(dir, slug));
  }
  const html = join(dir, 'board.html');
  const cli = spawnSync(process.execPath, [CLI, 'leaderboard', ...files, '--html', html], { encoding: 'utf8' });
  expect(cli.status, cli.stderr).toBe(0);
  const lines = cli.stdout.split('\n');
  expect(lines[2]).toMatch(/^1\s+reference\s+text\s+600\.0\/600/);
  expect(lines[3]).toMatch(/^2\s+module:test\/fixtures\/half-solver\.mjs\s+text\s/);
  expect(lines[4]).toMatch(/^3\s+null\s+text\s+0\.0\/600/);
  const half = readRunResult(files[2]!);
  const solved = half.summary.atomic.passed / half.summary.atomic.instances;
  expect(solved).toBeGreaterThan(0.2);
  expect(solved).toBeLessThan(0.8);
  expect(existsSync(html)).toBe(true);
});

test('two shards merged through the blob reporter equal one run', { timeout: 600_000 }, () => {
  const one = mkdtempSync(join(tmpdir(), 'qb-one-'));
  expect(runVitest(['run', '--project', 'atomic', '-t', SUBSET], { QUEST_RESULTS_DIR: one }).status).toBe(0);
  const blobs = mkdtempSync(join(tmpdir(), 'qb-blobs-'));
  const merged = mkdtempSync(join(tmpdir(), 'qb-merged-'));
  for (const i of [1, 2]) {
    const r = runVitest(
      ['run', '--project', 'atomic', '-t', SUBSET, `--shard=${i}/2`, '--reporter=blob', `--outputFile=${join(blobs, `blob-${i}.json`)}`],
      { QUEST_RESULTS_DIR: merged },
    );
    expect(r.status, r.out).toBe(0);
  }
  const m = runVitest(['--merge-reports', blobs, '--project', 'atomic'], { QUEST_RESULTS_DIR: merged });
  expect(m.status, m.out).toBe(0);
  const a = readRunResult(latestRunFile(one, 'reference'));
  const b = readRunResult(latestRunFile(merged, 'reference'));
  expect(b.instances).toHaveLength(a.instances.length);
  expect(scores(b)).toEqual(scores(a));
});

test('QUEST_RESUME runs only the missing instances and writes one complete result', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-resume-'));
  expect(runVitest(['run', '--project', 'atomic', '-t', SUBSET], { QUEST_RESULTS_DIR: dir }).status).toBe(0);
  const jsonl = latestRunFile(dir, 'reference', '.jsonl');
  const runId = jsonl
    .split('/')
    .at(-1)!
    .replace(/\.jsonl$/, '');
  const full = readRunResult(latestRunFile(dir, 'reference'));
  // Simulate an interrupted run: two instances finished, plus a torn last line.
  const kept = readFileSync(jsonl, 'utf8').trim().split('\n').slice(0, 2);
  writeFileSync(jsonl, `${kept.join('\n')}\n{"taskId":"torn`);
  const r = runVitest(['run', '--project', 'atomic', '-t', SUBSET], { QUEST_RESULTS_DIR: dir, QUEST_RESUME: runId });
  expect(r.status, r.out).toBe(0);
  expect(r.out).toContain(`resuming ${runId} (2 done)`);
  const resumed = readRunResult(join(dir, 'reference', `${runId}.json`));
  expect(resumed.run.resumedFrom).toBe(runId);
  expect(scores(resumed)).toEqual(scores(full));
  const lines = readFileSync(jsonl, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"taskId":"') && l.endsWith('}'));
  expect(lines).toHaveLength(full.instances.length);
});

// A respond() module written to a temp folder: answers with the gold solution, tagged with `tag`, and
// counts its calls. Editing it means writing it again with another tag.
function writeSolver(file: string, tag: string) {
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs';
import { goldReply } from ${JSON.stringify(join(ROOT, 'test/fixtures/gold.ts'))};
export async function respond(messages) {
  appendFileSync(process.env.QB_CALLS_FILE, 'call\\n');
  const gold = await goldReply(messages);
  return { text: gold.text + '\\n// ${tag}', usage: { inputTokens: 100, outputTokens: 50 } };
}
`,
  );
}
const callCount = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').length : 0);
const lastJsonl = (dir: string, slug: string) =>
  readFileSync(latestRunFile(dir, slug, '.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { transcript: { response: string }; answers?: { live: number; replayed: number } });

test('a respond() module is never cached by default: after an edit the next run asks the new code', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-edit-'));
  const agent = join(dir, 'my-agent.mjs');
  const calls = join(dir, 'calls.txt');
  const env = {
    QUEST_MODEL: `module:${agent}`,
    QUEST_RESULTS_DIR: join(dir, 'results'),
    QUEST_CACHE_DIR: join(dir, 'cache'),
    QB_CALLS_FILE: calls,
  };
  const slug = `module-${agent.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+/, '')}`;
  writeSolver(agent, 'v1');
  const first = runVitest(['run', '--project', 'atomic', '-t', SUBSET], env);
  expect(first.status, first.out).toBe(0);
  expect(callCount(calls)).toBe(6);
  writeSolver(agent, 'v2');
  const second = runVitest(['run', '--project', 'atomic', '-t', SUBSET], env);
  expect(second.status, second.out).toBe(0);
  expect(callCount(calls)).toBe(12);
  const lines = lastJsonl(join(dir, 'results'), slug);
  expect(lines.every((l) => l.transcript.response.endsWith('// v2'))).toBe(true);
  expect(lines.every((l) => l.answers?.live === 1 && l.answers.replayed === 0)).toBe(true);
  expect(second.out).not.toMatch(/replayed from cache/);
  // Nothing was stored for the model (the folder holds only the run's agent secret).
  expect(readdirSync(join(dir, 'cache')).filter((f) => f !== 'agent-secret')).toEqual([]);
});

test('QUEST_CACHE set explicitly caches a respond() module by its content; replays are reported in the summary', {
  timeout: 600_000,
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-cache-'));
  const calls = join(dir, 'calls.txt');
  const env = {
    QUEST_MODEL: 'module:test/fixtures/counting-solver.mjs',
    QUEST_CACHE: 'auto',
    QUEST_RESULTS_DIR: join(dir, 'results'),
    QUEST_CACHE_DIR: join(dir, 'cache'),
    QB_CALLS_FILE: calls,
  };
  const first = runVitest(['run', '--project', 'atomic', '-t', SUBSET], env);
  expect(first.status, first.out).toBe(0);
  expect(callCount(calls)).toBe(6);
  const r1 = readRunResult(latestRunFile(join(dir, 'results'), 'module-test-fixtures-counting-solver.mjs'));
  expect((r1.summary.stats as { tokens: { input: number } }).tokens.input).toBe(600);
  expect(first.out).not.toMatch(/replayed from cache/);
  const second = runVitest(['run', '--project', 'atomic', '-t', SUBSET], env);
  expect(second.status, second.out).toBe(0);
  expect(callCount(calls)).toBe(6);
  expect(second.out).toMatch(/^ {2}Answers {4}0 live · 6 replayed from cache/m);
  const r2 = readRunResult(latestRunFile(join(dir, 'results'), 'module-test-fixtures-counting-solver.mjs'));
  expect(r2.instances.every((i) => i.cached && i.answers?.replayed === 1)).toBe(true);
  expect((r2.summary.stats as { tokens: { input: number; cachedInstances: number } }).tokens).toMatchObject({
    input: 0,
    cachedInstances: 6,
  });
  expect(r2.summary.atomic.score).toBe(600);
  // The leaderboard marks a model whose run contains replays.
  const cli = spawnSync(
    process.execPath,
    [CLI, 'leaderboard', latestRunFile(join(dir, 'results'), 'module-test-fixtures-counting-solver.mjs')],
    { encoding: 'utf8' },
  );
  expect(cli.stdout).toMatch(/^1\s+module:test\/fixtures\/counting-solver\.mjs \*\s/m);
  expect(cli.stdout).toContain('* module:test/fixtures/counting-solver.mjs: 6 of 6 answers replayed from the response cache');
  const off = runVitest(['run', '--project', 'atomic', '-t', SUBSET], { ...env, QUEST_CACHE: 'off' });
  expect(off.status).toBe(0);
  expect(callCount(calls)).toBe(12);
});

test('a remote model (an AI SDK LanguageModel from a module) is cached by default, keyed by provider and model id', {
  timeout: 600_000,
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-remote-'));
  const calls = join(dir, 'calls.txt');
  const aiTest = pathToFileURL(createRequire(import.meta.url).resolve('ai/test')).href;
  const write = (file: string) =>
    writeFileSync(
      file,
      `import { appendFileSync } from 'node:fs';
import { MockLanguageModelV4 } from ${JSON.stringify(aiTest)};
const noop = '\`\`\`typescript\\nexport async function executeSkill(p, agentAddress) { return { to: agentAddress, value: "0" }; }\\n\`\`\`';
export default new MockLanguageModelV4({
  provider: 'acme', modelId: 'wallet-1',
  doGenerate: async () => {
    appendFileSync(process.env.QB_CALLS_FILE, 'call\\n');
    return { content: [{ type: 'text', text: noop }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 5, text: 5 } }, warnings: [] };
  },
});
`,
    );
  // Two module files wrapping the same provider and model share the cache: the key is the remote model.
  write(join(dir, 'a.mjs'));
  write(join(dir, 'b.mjs'));
  const env = { QUEST_RESULTS_DIR: join(dir, 'results'), QUEST_CACHE_DIR: join(dir, 'cache'), QB_CALLS_FILE: calls };
  const first = runVitest(['run', '--project', 'atomic', '-t', SUBSET], { ...env, QUEST_MODEL: `module:${join(dir, 'a.mjs')}` });
  expect(callCount(calls), first.out).toBe(6);
  const again = runVitest(['run', '--project', 'atomic', '-t', SUBSET], { ...env, QUEST_MODEL: `module:${join(dir, 'b.mjs')}` });
  expect(callCount(calls)).toBe(6);
  expect(again.out).toMatch(/Answers {4}0 live · 6 replayed from cache/);
  const hotter = runVitest(['run', '--project', 'atomic', '-t', SUBSET], {
    ...env,
    QUEST_MODEL: `module:${join(dir, 'a.mjs')}`,
    QUEST_TEMPERATURE: '0.2',
  });
  expect(callCount(calls), hotter.out).toBe(12);
});
