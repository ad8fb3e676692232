// Faults a long run meets: a crashed node, a failing model provider, Ctrl-C, bad configuration.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { infraRecord } from '../src/instance/record.ts';
import { recoverInstance } from '../src/instance/recover.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { resolveModel, type Model } from '../src/model/index.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { RunResult } from '../src/results/record.ts';
import { loadTask } from '../src/instance/task.ts';
import { openTestSession } from './helpers/session.ts';

const VITEST = resolve('node_modules/vitest/vitest.mjs');
const task = await loadTask('tasks/atomic/erc20_operations/erc20_transfer_fixed.json');
let t: Awaited<ReturnType<typeof openTestSession>>;

beforeAll(async () => {
  t = await openTestSession();
});
afterAll(async () => t?.close());

const run = (model: Model | ((p: Params) => Model)) =>
  runInstance({ task, round: 1, runSeed: 4, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });

const infra = (error: string) =>
  infraRecord({ task, round: 1, runSeed: 4, rounds: 1, env: t.session.env, model: 'x', error, chain: t.session.chainInfo });

describe('a node killed in the middle of an instance', () => {
  test('is restarted from the prepared state and the instance runs again, scoring normally', async () => {
    const reference = referenceFor(task, t.session);
    let calls = 0;
    const killer = (p: Params): Model => ({
      ...reference(p),
      async respond(messages, call) {
        // The first time, the node dies while the model is "thinking".
        if (calls++ === 0) await t.node()!.stop();
        return reference(p).respond(messages, call);
      },
    });
    const before = t.node();
    const rec = await recoverInstance({ session: t.session, run: () => run(killer), infra });
    expect(calls).toBe(2);
    expect(t.node()).not.toBe(before);
    expect(rec.outcome).toBe('exact');
    expect(rec.score).toBe(100);
  });

  test('a node that cannot come back makes an infra record, not a crash or a model 0', async () => {
    const reference = referenceFor(task, t.session);
    const killer = (p: Params): Model => ({
      ...reference(p),
      respond: async (m, c) => (await t.node()!.stop(), reference(p).respond(m, c)),
    });
    // The node dies during the instance and will not start again.
    const session = Object.assign(Object.create(Object.getPrototypeOf(t.session)), t.session, {
      restart: async () => Promise.reject(new Error('anvil binary vanished')),
    }) as typeof t.session;
    const rec = await recoverInstance({ session, run: () => run(killer), infra });
    expect(rec.outcome).toBe('infra');
    expect(rec.error).toMatch(/harness failure/);
    expect(rec.passed).toBe(false);
    await t.session.restart(); // leave a live node for the next tests
  });
});

describe('a failing model provider', () => {
  let server: Server;
  let base = '';
  let mode: '429' | '500' | 'garbage' | 'hang' = '429';
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      if (mode === 'hang') return; // never answers
      if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [oops');
      res.writeHead(Number(mode), { 'content-type': 'application/json', 'retry-after': '0' }).end('{"error":{"message":"busy"}}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => void server?.close());

  test.each(['429', '500', 'garbage', 'hang'] as const)('%s: retried with backoff, then the instance is infra', async (m) => {
    mode = m;
    hits = 0;
    const model = await resolveModel(
      'openai:flaky',
      { temperature: 0.7, maxRetries: 2, timeoutMs: 500, retryBaseMs: 10 },
      { OPENAI_BASE_URL: base },
    );
    const rec = await run(model);
    expect(hits).toBe(3);
    expect(rec.outcome).toBe('infra');
    expect(rec.error).toMatch(/model provider failed/);
    expect(rec.checks.every((c) => !c.passed)).toBe(true);
  });
});

function runsDir(dir: string) {
  return join(dir, 'module-test-fixtures-slow-solver.mjs');
}

test('Ctrl-C mid-run keeps every finished instance; QUEST_RESUME completes the run', { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-sigint-'));
  const filter =
    '^(bnb_transfer_basic|erc20_approve|query_bnb_balance|wbnb_deposit|erc20_transfer_fixed|contract_call_simple|erc20_burn|query_erc20_balance) ·';
  const env = {
    ...process.env,
    CI: 'true',
    QUEST_MODEL: 'module:test/fixtures/slow-solver.mjs',
    QUEST_RESULTS_DIR: dir,
    QUEST_CACHE: 'off',
  };
  const child = spawn(process.execPath, [VITEST, 'run', '--project', 'atomic', '-t', filter], { env });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const lines = () => {
    const d = runsDir(dir);
    if (!existsSync(d)) return [];
    const f = readdirSync(d).find((x) => x.endsWith('.jsonl'));
    return f ? readFileSync(join(d, f), 'utf8').split('\n').filter(Boolean) : [];
  };
  while (lines().length < 3) await new Promise((r) => setTimeout(r, 100));
  child.kill('SIGINT');
  await new Promise((r) => child.on('exit', r));
  const done = lines();
  expect(done.length).toBeGreaterThanOrEqual(3);
  expect(done.length).toBeLessThan(8);
  for (const l of done) expect(() => JSON.parse(l)).not.toThrow();
  const runId = readdirSync(runsDir(dir))
    .find((x) => x.endsWith('.jsonl'))!
    .replace(/\.jsonl$/, '');
  const resumed = spawnSync(process.execPath, [VITEST, 'run', '--project', 'atomic', '-t', filter], {
    env: { ...env, QUEST_RESUME: runId },
    encoding: 'utf8',
  });
  expect(resumed.status, resumed.stdout + resumed.stderr).toBe(0);
  expect(resumed.stdout).toContain(`resuming ${runId} (${done.length} done)`);
  const result = RunResult.parse(JSON.parse(readFileSync(join(runsDir(dir), `${runId}.json`), 'utf8')));
  expect(result.instances).toHaveLength(8);
  expect(result.summary.atomic.score).toBe(800);
});

describe('bad configuration: one clear message before any task runs', () => {
  // Both streams into one, in the order a terminal shows them.
  const attempt = (env: Record<string, string | undefined>) => {
    const r = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${VITEST}" run --project atomic 2>&1`], {
      env: {
        ...process.env,
        CI: 'true',
        NO_COLOR: '1',
        OPENAI_API_KEY: undefined,
        OPENAI_BASE_URL: undefined,
        ...env,
      } as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: r.status, out: r.stdout };
  };
  test.each([
    ['an unknown QUEST_MODEL', { QUEST_MODEL: 'gpt5' }, /QUEST_MODEL|reference \| null \| openai:<id> \| module:<path>|openai:/],
    ['an openai model without a key', { QUEST_MODEL: 'openai:gpt-5' }, /OPENAI_API_KEY is not set/],
    ['an unreachable fork', { QUEST_FORK_URL: 'http://127.0.0.1:9/' }, /QUEST_FORK_URL http:\/\/127\.0\.0\.1:9\/ is unreachable/],
    ['a bad number of rounds', { QUEST_ROUNDS: '0' }, /QUEST_ROUNDS/],
    ['a module model that does not exist', { QUEST_MODEL: 'module:./nope.mjs' }, /nope\.mjs/],
    ['a model provider that does not exist', { QUEST_MODEL: 'cohere:some-model' }, /unknown model spec "cohere:some-model"; valid forms/],
  ])('%s', (_name, env, message) => {
    const r = attempt(env);
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(message);
    expect(r.out).not.toMatch(/✓ .* · round 1/);
    // What is wrong (and what to do) comes first, above Vitest's own lines ("No test files found").
    const first = r.out.split('\n').find((l) => l.trim() !== '')!;
    expect(first).toMatch(/^questbench · the run cannot start: /);
    expect(first + r.out.split('\n').slice(1, 3).join('\n')).toMatch(message);
  });
});
