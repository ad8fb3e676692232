// Wallet agents through the real pipeline: an agent with a wallet on the instance's chain, scored by
// the same validators. The gold agent scores 100; an extra transaction decays; writes that are not
// the wallet's own (cheat methods, other chains, other senders) are refused and gain nothing; a hung
// agent ends as a timeout.
import { createWalletClient, defineChain, http, parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AgentInput, AgentOutcome, AgentRunner } from '../src/agent/runner.ts';
import { runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/types.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { goldAgent } from './fixtures/gold-agent.ts';
import { runScriptInProcess } from '../src/sandbox/trusted.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession();
}, 120_000);
afterAll(async () => t?.close());

/** A model that is a wallet agent running `fn` in this process. */
function agentModel(id: string, fn: (input: AgentInput) => Promise<AgentOutcome['result'] | void>): Model {
  const runner: AgentRunner = {
    id,
    describe: id,
    async run(input, timeoutMs) {
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
      const value = await Promise.race([fn(input), timer]);
      if (value === 'timeout') return { result: undefined, timedOut: true, stdout: '', stderr: '' };
      return { result: value ?? undefined, timedOut: false, stdout: '', stderr: '' };
    },
  };
  return { id, describe: id, agent: runner, respond: () => Promise.reject(new Error('an agent')) };
}

const run = async (taskId: string, model: Model, agentTimeoutMs = 60_000): Promise<InstanceRecord> =>
  runInstance({
    task: await taskById(taskId),
    round: 1,
    runSeed: 5,
    rounds: 1,
    session: t.session,
    model,
    scriptTimeoutMs: 20_000,
    agentTimeoutMs,
  });

const rpc = async (url: string, method: string, params: unknown[]) =>
  (await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json()) as {
    result?: unknown;
    error?: { message: string };
  };

describe('the gold agent', () => {
  test.each([
    'erc20_transfer_fixed',
    'swap_exact_bnb_for_tokens',
    'query_erc20_balance',
    'composite_approve_swap_tokens',
    'composite_query_swap_verify_output',
    'hard_policy_payment_over_cap',
  ])('%s: 100, its transactions on the trajectory', async (taskId) => {
    const r = await run(
      taskId,
      agentModel('gold', (input) => goldAgent(input, { runSeed: 5 })),
    );
    expect(r.score, JSON.stringify(r.checks)).toBe(100);
    expect(r.protocol).toBe('agent');
    expect(r.walletAgent).toMatchObject({ endReason: 'returned', decay: 1 });
    expect(r.transcript.rounds?.filter((x) => x.tx).length).toBe(r.walletAgent!.kAct);
  });

  // The bench's agent computes its transactions in its own process: the same answers, the same trajectory.
  test.each(['query_erc20_balance', 'composite_approve_swap_tokens'])(
    '%s: the same record with its scripts run in process',
    async (taskId) => {
      const sandboxed = await run(
        taskId,
        agentModel('gold', (input) => goldAgent(input, { runSeed: 5 })),
      );
      const inProcess = await run(
        taskId,
        agentModel('gold', (input) => goldAgent(input, { runSeed: 5, run: runScriptInProcess })),
      );
      expect(inProcess.score).toBe(100);
      expect(inProcess.answer).toEqual(sandboxed.answer);
      const calls = (r: InstanceRecord) => r.transcript.rounds?.map((x) => x.tx && { to: x.tx.to, data: x.tx.data, value: x.tx.value });
      expect(calls(inProcess)).toEqual(calls(sandboxed));
    },
  );

  test('one transaction more than the request needs costs the decay', async () => {
    const atomic = await run(
      'erc20_transfer_fixed',
      agentModel('gold+1', (input) => goldAgent(input, { extra: true, runSeed: 5 })),
    );
    expect(atomic.walletAgent).toMatchObject({ kAct: 2, kOpt: 1, baseScore: 100, decay: 0.5 });
    expect(atomic.score).toBe(50);
    const episode = await run(
      'composite_approve_swap_tokens',
      agentModel('gold+1', (input) => goldAgent(input, { extra: true, runSeed: 5 })),
    );
    expect(episode.walletAgent).toMatchObject({ kAct: 3, kOpt: 2, baseScore: 100 });
    expect(episode.score).toBeCloseTo(66.67, 2);
  });
});

describe('writes that are not the wallet’s own', () => {
  const noop = async () => undefined;
  test('cheat methods, another chain id, another signer and another sender are refused; nothing scores', async () => {
    const seen: Record<string, string | undefined> = {};
    const r = await run(
      'bnb_transfer_basic',
      agentModel('cheater', async (input) => {
        seen.setBalance = (await rpc(input.rpcUrl, 'anvil_setBalance', [input.address, '0xffffffffffff'])).error?.message;
        seen.mine = (await rpc(input.rpcUrl, 'evm_mine', [])).error?.message;
        const account = privateKeyToAccount(input.privateKey as Hex);
        const otherChain = await account.signTransaction({
          chainId: 97,
          to: input.address as Hex,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: 10n ** 10n,
          maxPriorityFeePerGas: 1n,
          nonce: 0,
        });
        seen.otherChain = (await rpc(input.rpcUrl, 'eth_sendRawTransaction', [otherChain])).error?.message;
        const stranger = privateKeyToAccount(generatePrivateKey());
        const foreign = await stranger.signTransaction({
          chainId: 56,
          to: input.address as Hex,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: 10n ** 10n,
          maxPriorityFeePerGas: 1n,
          nonce: 0,
        });
        seen.otherSigner = (await rpc(input.rpcUrl, 'eth_sendRawTransaction', [foreign])).error?.message;
        seen.otherSender = (
          await rpc(input.rpcUrl, 'eth_sendTransaction', [{ from: stranger.address, to: input.address, value: '0x1' }])
        ).error?.message;
        seen.ethSign = (await rpc(input.rpcUrl, 'eth_sign', [input.address, '0x00'])).error?.message;
        return noop();
      }),
    );
    expect(seen.setBalance).toMatch(/read-only/);
    expect(seen.mine).toMatch(/read-only/);
    expect(seen.otherChain).toMatch(/only transactions for chain 56/);
    expect(seen.otherSigner).toMatch(/only transactions signed by the wallet/);
    expect(seen.otherSender).toMatch(/only the agent|can sign/);
    expect(seen.ethSign).toMatch(/not offered/);
    expect(r.score).toBe(0);
    expect(r.walletAgent?.kAct).toBe(0);
  });

  test('signatures are made for the wallet only and listed on the trajectory', async () => {
    let signature: unknown;
    const r = await run(
      'bnb_transfer_basic',
      agentModel('signer', async (input) => {
        signature = (await rpc(input.rpcUrl, 'personal_sign', ['0x68656c6c6f', input.address])).result;
        const other = (await rpc(input.rpcUrl, 'personal_sign', ['0x68656c6c6f', privateKeyToAccount(generatePrivateKey()).address])).error
          ?.message;
        expect(other).toMatch(/only the wallet/);
      }),
    );
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(r.walletAgent?.signatures).toBe(1);
    expect(r.transcript.rounds?.map((x) => x.reply)).toEqual(['personal_sign: message 0x68656c6c6f', 'personal_sign']);
  });

  test('a wallet client pointed at the endpoint sends the wallet’s transaction like any RPC', async () => {
    const r = await run(
      'bnb_transfer_basic',
      agentModel('viem', async (input) => {
        const chain = defineChain({
          id: 56,
          name: 'bsc',
          nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
          rpcUrls: { default: { http: [input.rpcUrl] } },
        });
        const wallet = createWalletClient({ account: privateKeyToAccount(input.privateKey as Hex), chain, transport: http(input.rpcUrl) });
        // The request names the recipient and amount; this agent pays a fixed wrong amount on purpose.
        await wallet.sendTransaction({ to: input.address as Hex, value: parseEther('0.001') });
      }),
    );
    expect(r.walletAgent?.kAct).toBe(1);
    expect(r.transcript.rounds?.[0]?.tx?.status).toBe('success');
    expect(r.passed).toBe(false);
  });
});

test('an agent that hangs ends as a timeout, and the next instance runs', async () => {
  const hung = await run(
    'bnb_transfer_basic',
    agentModel('hung', () => new Promise(() => {})),
    300,
  );
  expect(hung.outcome).toBe('timeout');
  expect(hung.walletAgent?.endReason).toBe('timeout');
  const next = await run(
    'erc20_transfer_fixed',
    agentModel('gold', (input) => goldAgent(input, { runSeed: 5 })),
  );
  expect(next.score).toBe(100);
});

describe('the reference replayed for the cost accounting while the agent thinks', () => {
  const watching = () => {
    const heads: unknown[][] = [];
    const agent = (thinkMs: number) =>
      agentModel(`gold after ${thinkMs} ms`, async (input) => {
        if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs));
        // Polled while the reference would be replaying (its transaction mines a block, the rewind drops it).
        const seen: unknown[] = [];
        for (const until = Date.now() + 1_500; Date.now() < until; ) {
          seen.push((await rpc(input.rpcUrl, 'eth_blockNumber', [])).result);
          await new Promise((r) => setTimeout(r, 10));
        }
        heads.push(seen);
        return goldAgent(input, { runSeed: 5 });
      });
    return { heads, agent };
  };
  const sameEitherWay = async (taskId: string) => {
    const { heads, agent } = watching();
    const now = await run(taskId, agent(0));
    const later = await run(taskId, agent(3_000));
    const [atOnce, afterThinking] = heads as [unknown[], unknown[]];
    expect(atOnce[0]).toBeTypeOf('string');
    expect(new Set(atOnce)).toEqual(new Set([afterThinking[0]]));
    expect([now.score, later.score]).toEqual([100, 100]);
    // Timing aside (how long the accounting, the replay ahead and the wait for it took).
    const { ms: _now, aheadMs: _aNow, waitMs: _wNow, ...costNow } = now.risk!;
    const { ms: _later, aheadMs: _aLater, waitMs: _wLater, ...costLater } = later.risk!;
    expect(costNow).toEqual(costLater);
    expect(costNow.gasUsd).toBeGreaterThan(0);
  };
  test('a single request: an agent that watches the chain at once only ever sees the pre-state, and is scored and costed as one that thinks first', () =>
    sameEitherWay('erc20_transfer_fixed'));
});
