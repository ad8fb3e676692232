// Fork mode against a local upstream anvil that serves the mirror with our auxiliary contracts
// removed, standing in for a real BSC endpoint (no internet needed).
import { spawn } from 'node:child_process';
import { addressOf } from '../src/tasks/address-map.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { forkManifest, probeFork, redactUrl, ForkError } from '../src/chain/fork.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { chainClients } from '../src/chain/rpc.ts';
import { ChainSession } from '../src/chain/session.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { UnsafeNodeError } from '../src/execution/node-guard.ts';
import { signAndSend } from '../src/execution/send.ts';
import { RunResult } from '../src/results/record.ts';
import { loadTasks } from '../src/instance/task.ts';

let upstream: RunningAnvil;
let node: RunningAnvil | undefined;
let session: ChainSession;
let pinned: bigint;

beforeAll(async () => {
  upstream = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
  const up = chainClients(upstream.url);
  // A real chain has none of our contracts: remove them from the upstream.
  for (const address of Object.values(loadMirrorManifest().contracts)) await up.test.setCode({ address, bytecode: '0x' });
  await up.test.mine({ blocks: 1 });
  const target = await probeFork(upstream.url);
  pinned = target.block;
  // Blocks mined upstream after the pin must not reach the fork.
  await up.test.mine({ blocks: 5 });
  const manifest = await forkManifest(target);
  session = await ChainSession.open({
    startNode: async () => {
      await node?.stop();
      node = await startAnvil({ chainId: target.chainId, forkUrl: target.url, forkBlock: target.block });
      return node.url;
    },
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}` as Hex,
    manifest,
    fork: { url: redactUrl(target.url), block: Number(target.block) },
  });
}, 120_000);
afterAll(async () => {
  await session?.close();
  await node?.stop();
  await upstream?.stop();
});

describe('fork mode', () => {
  test('the fork is pinned and our contracts are deployed at runtime at the same address-map keys', async () => {
    expect(session.chainInfo).toMatchObject({ mode: 'fork', chainId: 56, forkBlock: Number(pinned) });
    const mirrorKeys = Object.keys(loadMirrorManifest().contracts).sort();
    expect(
      Object.keys(session.env)
        .filter((k) => mirrorKeys.includes(k))
        .sort(),
    ).toEqual(mirrorKeys);
    for (const k of mirrorKeys)
      expect(await session.chain.public.getCode({ address: addressOf(session.env, k) }), k).toMatch(/^0x[0-9a-f]{10,}/);
    const counter = await session.chain.public.getCode({ address: session.env.simple_counter });
    expect(counter).not.toBe('0x');
  });

  test('every atomic task: the reference scores 100 on the fork', async () => {
    const failures: string[] = [];
    for (const f of await loadTasks('tasks/atomic')) {
      const r = await runInstance({
        task: f,
        round: 1,
        runSeed: 3,
        rounds: 1,
        session,
        model: referenceFor(f, session),
        scriptTimeoutMs: 20_000,
      });
      expect(r.chain.mode).toBe('fork');
      if (r.score !== 100)
        failures.push(
          `${r.taskId}: ${r.score} ${r.error ?? ''} ${r.checks
            .filter((c) => !c.passed)
            .map((c) => c.detail)
            .join('; ')}`,
        );
    }
    expect(failures).toEqual([]);
  }, 300_000);

  test('composite tasks: the reference scores 100 on the fork', async () => {
    const failures: string[] = [];
    for (const f of await loadTasks('tasks/composite')) {
      const r = await runInstance({
        task: f,
        model: referenceFor(f, session),
        round: 1,
        runSeed: 3,
        rounds: 1,
        session,
        scriptTimeoutMs: 20_000,
      });
      if (r.score !== 100) failures.push(`${r.taskId}: ${r.score} ${r.error ?? ''}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  test('the harness refuses to sign for a node it did not start (the upstream)', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const up = chainClients(upstream.url);
    await up.test.setBalance({ address: account.address, value: parseEther('1') });
    const send = signAndSend(up, account, { to: account.address, data: '0x', value: 1n }, { chainId: 56, marker: session.marker });
    await expect(send).rejects.toBeInstanceOf(UnsafeNodeError);
    await expect(send).rejects.toThrow(/does not carry this run's marker/);
    expect(await up.public.getTransactionCount({ address: account.address })).toBe(0);
  });
});

describe('fork configuration', () => {
  test('an unreachable fork URL is one clear error naming the variable', async () => {
    await expect(probeFork('http://127.0.0.1:9/', undefined, 1000)).rejects.toBeInstanceOf(ForkError);
    await expect(probeFork('http://127.0.0.1:9/', undefined, 1000)).rejects.toThrow(
      /QUEST_FORK_URL http:\/\/127\.0\.0\.1:9\/ is unreachable/,
    );
  });
  test('credentials never reach results', () => {
    expect(redactUrl('https://user:pw@bsc.example/rpc?key=abc')).toBe('https://***@bsc.example/rpc?***');
    expect(redactUrl('https://bsc.example/v2/0123456789abcdef0123')).toBe('https://bsc.example/v2/***');
  });
  test('a benchmark run with QUEST_FORK_URL records the pinned block and the redacted URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qb-fork-'));
    const url = `${upstream.url}/?apikey=not-a-real-key-123`;
    // Asynchronous on purpose: the upstream anvil is this process's child, and its output pipe must
    // keep draining while the run forks it.
    const child = spawn(
      process.execPath,
      [
        resolve('node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'atomic',
        '-t',
        '^(erc20_transfer_fixed|swap_exact_bnb_for_tokens|contract_call_simple) ·',
      ],
      {
        env: { ...process.env, CI: 'true', QUEST_FORK_URL: url, QUEST_FORK_BLOCK: String(pinned), QUEST_RESULTS_DIR: dir },
      },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const status = await new Promise<number | null>((r) => child.on('exit', r));
    expect(status, out).toBe(0);
    const file = readdirSync(join(dir, 'reference')).find((f) => f.endsWith('.json'))!;
    const raw = readFileSync(join(dir, 'reference', file), 'utf8');
    const run = RunResult.parse(JSON.parse(raw));
    expect(run.run.chain).toMatchObject({ mode: 'fork', forkBlock: Number(pinned), forkUrl: `${upstream.url}/?***` });
    expect(run.summary.atomic.score).toBe(300);
    expect(raw).not.toContain('not-a-real-key-123');
  }, 300_000);
});
