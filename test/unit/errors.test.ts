// The one error base: every error class of the harness is a QuestError with a stable code and its own
// name; the errors a user can cause carry a hint, and the places that print them to a user print it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fixtureMissing, fixtureStale } from '../../src/chain/fixture-error.ts';
import { ForkError, probeFork } from '../../src/chain/fork.ts';
import { QueryError } from '../../src/composite/queries.ts';
import { lastChange, lastQueryResult } from '../../src/composite/reference.ts';
import { ScriptError } from '../../src/composite/script.ts';
import { explainError, isQuestError, QuestError } from '../../src/errors.ts';
import { preflight as checkNode, UnsafeNodeError } from '../../src/execution/node-guard.ts';
import { StallError, withDeadline } from '../../src/fault-points.ts';
import { ConfigError, resolveConfig } from '../../src/plugin/config.ts';
import { announceStartFailure } from '../../src/plugin/preflight.ts';
import { taskModule } from '../../src/plugin/task-module.ts';
import { MixedSplitVersionsError } from '../../src/results/leaderboard.ts';
import { readRun } from '../../src/results/load.ts';
import { readPrices } from '../../src/results/prices.ts';
import { ResponseTooLarge } from '../../src/sandbox/rpc-upstream.ts';
import { writeParamTypes } from '../../src/tasks/params-types.ts';
import { parseTaskSpec, TaskFileError } from '../../src/tasks/task.ts';
import { defineValidator } from '../../src/validators/define.ts';
import { encodeV3Path } from '../../src/validators/v3.ts';

const ROOT = resolve('.');
const CLI = join(ROOT, 'bin', 'questbench.mjs');
const dir = mkdtempSync(join(tmpdir(), 'qb-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error `fn` throws (or its promise rejects with). */
async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

/** A QuestError of `code`, with a hint unless `hint` is false; returns it for more checks. */
function expectQuest(e: unknown, code: string, hint = true): QuestError {
  expect(isQuestError(e)).toBe(true);
  const q = e as QuestError;
  expect(q.code).toBe(code);
  expect(q.name).not.toBe('Error');
  if (hint) {
    expect(q.hint?.trim()).toBeTruthy();
    expect(q.explain()).toBe(`${q.message}\n  → ${q.hint}`);
  }
  return q;
}

describe('QuestError', () => {
  it('carries a code and a hint apart from the message', () => {
    const e = new QuestError('SOME_CODE', 'what is wrong', { hint: 'what to do', cause: 1 });
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('what is wrong');
    expect(e.explain()).toBe('what is wrong\n  → what to do');
    expect(e.cause).toBe(1);
    expect(new QuestError('X', 'no hint').explain()).toBe('no hint');
    expect(explainError(e)).toBe(e.explain());
    expect(explainError(new Error('plain'))).toBe('plain');
    expect(explainError('text')).toBe('text');
  });

  it('is the base of every error class in src/ (codes are UPPER_SNAKE)', () => {
    const files = (d: string): string[] =>
      readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : f.endsWith('.ts') ? [join(d, f)] : []));
    const offBase = files(join(ROOT, 'src'))
      .filter((f) => !f.endsWith('errors.ts'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/class (\w+) extends (?:Error|TypeError|RangeError)\b/g)].map((m) => m[1]));
    expect(offBase).toEqual([]);
    const codes = files(join(ROOT, 'src')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/new QuestError\(\s*'([^']+)'/g)].map((m) => m[1]!),
    );
    expect(codes.length).toBeGreaterThan(20);
    for (const c of codes) expect(c).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
  });
});

describe('the error classes', () => {
  it('keep their constructors and messages, with a code each', () => {
    const cases: [QuestError, string, string][] = [
      [new TaskFileError('invalid task file x.json: not valid JSON'), 'TASK_FILE', 'TaskFileError'],
      [new ConfigError('invalid questbench configuration'), 'CONFIG', 'ConfigError'],
      [new ScriptError('mySkill uses an import of its module'), 'COMPOSITE_SCRIPT', 'ScriptError'],
      [new ForkError('QUEST_FORK_BLOCK 9 is beyond the upstream head 8'), 'FORK', 'ForkError'],
      [new MixedSplitVersionsError('the runs of m played different versions'), 'MIXED_SPLIT_VERSIONS', 'MixedSplitVersionsError'],
      [new StallError('the script', 2000), 'STALL', 'StallError'],
      [new QueryError('query failed: x'), 'QUERY', 'QueryError'],
      [new UnsafeNodeError('refusing to sign: x'), 'UNSAFE_NODE', 'UnsafeNodeError'],
      [new ResponseTooLarge("the node's answer exceeds 10 bytes"), 'RESPONSE_TOO_LARGE', 'ResponseTooLarge'],
    ];
    for (const [e, code, name] of cases) {
      expect(e).toBeInstanceOf(QuestError);
      expect([e.code, e.name]).toEqual([code, name]);
    }
    expect(new StallError('the script', 2000).message).toBe('the script did not finish within 2 s (a node that stopped answering?)');
    // The ones a task author or a setting causes say what to do by default.
    for (const e of [cases[0]![0], cases[1]![0], cases[2]![0]]) expect(e.hint).toBeTruthy();
    expect(new ForkError('m', 'do this').hint).toBe('do this');
  });

  it('a bad setting is a ConfigError pointing at the configuration page', async () => {
    const e = expectQuest(await thrown(() => resolveConfig({}, { QUEST_ROUNDS: '0' })), 'CONFIG');
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/QUEST_ROUNDS/);
    expect(e.hint).toMatch(/docs\/configuration\.md/);
  });

  it('a dead fork is a ForkError', async () => {
    const e = expectQuest(await thrown(() => probeFork('http://127.0.0.1:9/', undefined, 1000)), 'FORK', false);
    expect(e.message).toMatch(/QUEST_FORK_URL http:\/\/127\.0\.0\.1:9\/ is unreachable/);
  });

  it('a node that is not ours is an UnsafeNodeError', async () => {
    const tx = { from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, data: '0x', value: 0n, estimate: false } as const;
    const e = await thrown(() => checkNode('http://127.0.0.1:9/', { chainId: 56, marker: '0x01' }, tx));
    expectQuest(e, 'UNSAFE_NODE', false);
    expect(e).toBeInstanceOf(UnsafeNodeError);
  });

  it('a step past its deadline is a StallError', async () => {
    const e = await thrown(() => withDeadline('a test step', 1, new Promise(() => {})));
    expectQuest(e, 'STALL', false);
  });
});

describe('errors a task author causes', () => {
  it('a task file that does not parse names the file, and its failing test shows the hint', async () => {
    const file = join(ROOT, 'tasks/atomic/erc20_operations/broken.json');
    const e = expectQuest(await thrown(() => parseTaskSpec(file, '{ "id": ', ROOT)), 'TASK_FILE');
    expect(e.message).toMatch(/^invalid task file tasks\/atomic\/erc20_operations\/broken\.json: not valid JSON/);
    const module = taskModule('{ "id": ', file, { rounds: 1, runtime: '/runtime.ts', root: ROOT });
    expect(module).toContain(JSON.stringify(e.explain()).slice(1, -1));
  });

  it('a validator whose weights are wrong', async () => {
    const check = (name: string, weight: number) => ({ name, weight, verify: () => true });
    const define =
      (checks: ReturnType<typeof check>[], extra: object = {}) =>
      () =>
        defineValidator({ kind: 'query', checks, ...extra } as unknown as Parameters<typeof defineValidator>[0]);
    for (const [fn, message] of [
      [define([check('a', 60), check('b', 30)]), /sum to 90, not 100/],
      [define([check('a', 50.5), check('b', 49.5)]), /positive integer weight/],
      [define([check('a', 50), check('a', 50)]), /duplicate check name "a"/],
      [define([check('a', 100)], { kind: 'transaction' }), /must declare a target/],
      [define([check('a', 100)], { target: () => '0x' }), /query validators have no target/],
    ] as const) {
      const e = expectQuest(await thrown(fn), 'VALIDATOR_DEFINITION');
      expect(e.message).toMatch(message);
    }
  });

  it('a V3 path with the wrong number of fees', async () => {
    const a = `0x${'a'.repeat(40)}` as const;
    const e = expectQuest(await thrown(() => encodeV3Path([a, a, a], [500])), 'V3_PATH');
    expect(e.hint).toMatch(/3 tokens take 2 fees, got 1/);
  });

  it('a composite reference that reads feedback no round gave', async () => {
    expectQuest(await thrown(() => lastQueryResult([], { type: 'pair_reserves' })), 'REFERENCE_FEEDBACK');
    expectQuest(await thrown(() => lastChange([], 'USDT')), 'REFERENCE_FEEDBACK');
  });

  it('questbench types on a folder with no tasks', async () => {
    const e = expectQuest(await thrown(() => writeParamTypes(dir)), 'TASKS_FOLDER');
    expect(e.hint).toMatch(/questbench types <tasks folder>/);
  });

  it('a missing or stale fixture says to rebuild, once', () => {
    const said = fixtureMissing('artifact X missing (run npm run build:fixtures)');
    expectQuest(said, 'FIXTURE_MISSING', false);
    expect(said.hint).toBeUndefined();
    expectQuest(fixtureMissing('artifact X missing'), 'FIXTURE_MISSING');
    expect(fixtureStale('manifest out of step').hint).toMatch(/npm run build:fixtures/);
  });
});

describe('errors a user of the results causes', () => {
  it('a price file that is missing or malformed', async () => {
    expectQuest(await thrown(() => readPrices(join(dir, 'none.json'))), 'PRICES_FILE');
    const bad = join(dir, 'prices.json');
    writeFileSync(bad, '{ "m": { "input": "1" } }');
    const e = expectQuest(await thrown(() => readPrices(bad)), 'PRICES_FILE');
    expect(e.message).toBe(`${bad}: expected { "<model>": { "input": number, "output": number } }`);
  });

  it('a run file that does not parse', async () => {
    const bad = join(dir, 'run.json');
    writeFileSync(bad, '{ "run": {} }');
    const e = expectQuest(await thrown(() => readRun(bad)), 'RESULTS_FILE');
    expect(e.message).toMatch(/is not a questbench run file/);
  });
});

describe('where errors reach a user', () => {
  it('the first line of a run that cannot start is followed by the hint', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const vitest = {};
      const e = new ConfigError('invalid questbench configuration:\n  QUEST_ROUNDS: too small');
      announceStartFailure(vitest, e);
      announceStartFailure(vitest, e);
      expect(write).toHaveBeenCalledTimes(1);
      expect(String(write.mock.calls[0]![0])).toBe(`questbench · the run cannot start: ${e.explain()}\n`);
    } finally {
      write.mockRestore();
    }
  });

  it('the CLI prints the hint of a bad argument and of a bad file', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const option = cli('leaderboard', '--no-such-option', 'x.json');
    expect(option.status).toBe(1);
    expect(option.stderr).toMatch(/^questbench leaderboard: Unknown option '--no-such-option'/);
    expect(option.stderr).toMatch(/\n {2}→ `questbench help` lists the commands/);
    const file = cli('report', join(dir, 'missing.json'));
    expect(file.status).toBe(1);
    expect(file.stderr).toMatch(/missing\.json: ENOENT[^\n]*\n {2}→ give the <run-id>\.json a benchmark run wrote/);
  }, 60_000);
});
