// Fork mode on Base against a local upstream: an anvil serving the Base mirror with our task contracts
// removed stands in for a real Base endpoint. The fork bootstrap deploys them at boot, the session speaks
// Base's keys, and the reference of every task ported to Base scores 100 on the fork.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RunResult } from '../src/results/record.ts';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { stateSessionOptions } from '../src/chain/chain-states.ts';
import { baseForkManifest } from '../src/chain/base-fork.ts';
import { ForkError, probeFork, redactUrl } from '../src/chain/fork.ts';
import { BASE_STATE, loadBaseManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { chainClients } from '../src/chain/rpc.ts';
import { ChainSession } from '../src/chain/session.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks } from '../src/instance/task.ts';
import { runsOn } from '../src/tasks/schema.ts';

let upstream: RunningAnvil;
let node: RunningAnvil | undefined;
let session: ChainSession;

beforeAll(async () => {
  upstream = await startAnvil({ chainId: 8453, loadState: BASE_STATE });
  const up = chainClients(upstream.url);
  // A real Base has none of our contracts.
  for (const address of Object.values(loadBaseManifest().contracts)) await up.test.setCode({ address, bytecode: '0x' });
  await up.test.mine({ blocks: 1 });
  const target = await probeFork(upstream.url);
  const manifest = await baseForkManifest(target);
  session = await ChainSession.open({
    startNode: async () => {
      await node?.stop();
      node = await startAnvil({ chainId: target.chainId, forkUrl: target.url, forkBlock: target.block });
      return node.url;
    },
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}` as Hex,
    manifest,
    ...stateSessionOptions('base', manifest),
    fork: { url: redactUrl(target.url), block: Number(target.block) },
  });
}, 120_000);
afterAll(async () => {
  await session?.close();
  await node?.stop();
  await upstream?.stop();
});

describe('fork mode on Base', () => {
  test('the fork speaks Base: its chain id, its keys, our contracts deployed at boot', async () => {
    expect(session.chainInfo).toMatchObject({ mode: 'fork', profile: 'base', chainId: 8453 });
    expect(session.scriptEnv.WETH).toBe('0x4200000000000000000000000000000000000006');
    expect(session.scriptEnv.USDC).toBe(session.env.USDT);
    expect(await session.chain.public.getCode({ address: session.env.simple_counter })).toMatch(/^0x[0-9a-f]{10,}/);
  });

  test('every task ported to Base: the reference scores 100 on the fork', async () => {
    const failures: string[] = [];
    const tasks = [...(await loadTasks('tasks/atomic')), ...(await loadTasks('tasks/composite'))].filter((f) => runsOn(f.spec, 'base'));
    expect(tasks.length).toBeGreaterThan(20);
    for (const f of tasks) {
      const r = await runInstance({
        task: f,
        round: 1,
        runSeed: 3,
        rounds: 1,
        session,
        model: referenceFor(f, session),
        scriptTimeoutMs: 20_000,
      });
      expect(r.chain).toMatchObject({ mode: 'fork', profile: 'base' });
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

  test('a benchmark run with QUEST_CHAIN=base and QUEST_FORK_URL plays on the fork, in Base terms', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qb-base-fork-'));
    // Asynchronous: the upstream anvil is this process's child, and its output must keep draining.
    const child = spawn(
      process.execPath,
      [
        resolve('node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'atomic',
        '-t',
        '^(erc20_transfer_fixed|swap_exact_bnb_for_tokens) ·',
      ],
      { env: { ...process.env, CI: 'true', QUEST_CHAIN: 'base', QUEST_FORK_URL: upstream.url, QUEST_RESULTS_DIR: dir } },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const status = await new Promise<number | null>((r) => child.on('exit', r));
    expect(status, out).toBe(0);
    const file = readdirSync(join(dir, 'reference')).find((f) => f.endsWith('.json'))!;
    const run = RunResult.parse(JSON.parse(readFileSync(join(dir, 'reference', file), 'utf8')));
    expect(run.run.chain).toMatchObject({ mode: 'fork', profile: 'base', chainId: 8453 });
    expect(run.summary.atomic.score).toBe(200);
    expect(run.instances.map((i) => i.instruction).join(' ')).toMatch(/Uniswap|USDC|DAI|DEGEN/);
  }, 300_000);

  test('a fork of another chain is refused, naming the variable and the chain it needs', async () => {
    const bsc = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
    try {
      const target = await probeFork(bsc.url);
      const e = await baseForkManifest(target).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ForkError);
      expect(String((e as ForkError).explain())).toMatch(/chain id is 56, not Base's 8453[\s\S]*QUEST_FORK_URL must be a Base mainnet/);
    } finally {
      await bsc.stop();
    }
  });
});
