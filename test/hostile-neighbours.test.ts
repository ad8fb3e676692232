// Scripts that lean on what instances share (the read-only proxy, the sandbox host, the machine's
// cores), each through the real pipeline on its own session, alone and next to an instance running
// the reference on another session. The attacked instance scores what its final answer (the null
// model's no-op) scores anyway, 0; the neighbour scores 100 within 5× its median time; and the
// attacked node and its proxy route are idle again within seconds of the script's end.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAtomicInstance } from '../src/episode/atomic.ts';
import { atomicReference } from '../src/model/reference.ts';
import type { InstanceRecord, Outcome } from '../src/results/record.ts';
import { prepareSandbox } from '../src/sandbox/index.ts';
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { loadAtomicTaskFiles } from '../src/tasks/load.ts';
import type { Validator } from '../src/validators/types.ts';
import { scriptedModel } from './helpers/models.ts';
import { cpuMs, expectNotSpinning, sleep } from './helpers/processes.ts';
import { openTestSession } from './helpers/session.ts';

type TestSession = Awaited<ReturnType<typeof openTestSession>>;
const files = loadAtomicTaskFiles('tasks/atomic');
const ATTACKED_TASK = 'bnb_transfer_basic';
const NEIGHBOUR_TASK = 'swap_exact_tokens_for_tokens';

let attacked: TestSession;
let neighbour: TestSession;
let neighbourMedianMs = 0;

async function validatorOf(taskId: string): Promise<{ f: (typeof files)[number]; validator: Validator }> {
  const f = files.find((x) => x.task.id === taskId)!;
  return { f, validator: ((await import(f.validatorPath)) as { default: Validator }).default };
}

async function runReference(t: TestSession, taskId: string, round = 1): Promise<InstanceRecord> {
  const { f, validator } = await validatorOf(taskId);
  return runAtomicInstance({ task: f.task, validator, round, runSeed: 7, rounds: 1, session: t.session, model: atomicReference(taskId, f.referenceSource), scriptTimeoutMs: 30_000 });
}

async function runAttack(body: string, scriptTimeoutMs: number): Promise<InstanceRecord> {
  const { f, validator } = await validatorOf(ATTACKED_TASK);
  const model = scriptedModel('attacker', () => skill(body), () => ({ env: attacked.session.env, agent: attacked.session.account.address }));
  return runAtomicInstance({ task: f.task, validator, round: 1, runSeed: 7, rounds: 1, session: attacked.session, model, scriptTimeoutMs });
}

// Helpers the attack scripts share, and their last line: the null model's answer (scores 0 on every task).
const PRELUDE = `
function note(what: string, v: unknown) { console.log('ATTACK ' + JSON.stringify({ what, v })); }
const call = (method: string, params: unknown[], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
async function send(url: string, body: BodyInit, init: RequestInit = {}): Promise<string> {
  try {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init });
    const text = await r.text();
    let message = 'ok';
    try { const j = JSON.parse(text); const e = Array.isArray(j) ? j.find((x) => x.error)?.error : j.error; if (e) message = e.message; } catch { message = 'not json'; }
    return r.status + ' ' + message;
  } catch (e) {
    return 'thrown';
  }
}
function tally(outs: string[]): Record<string, number> {
  const m: Record<string, number> = {};
  for (const o of outs) m[o] = (m[o] ?? 0) + 1;
  return m;
}
`;
const skill = (body: string) =>
  `${PRELUDE}\nexport async function executeSkill(providerUrl: string, agentAddress: string) {\n${body}\nreturn { to: agentAddress, value: '0' };\n}`;

const REQUESTS_SPENT = `budget exceeded: more than ${RPC_LIMITS.requestsPerInstance} JSON-RPC requests to the chain in one instance`;
const TIME_SPENT = `budget exceeded: more than ${RPC_LIMITS.upstreamMsPerInstance / 1000} s of chain time in one instance (time its calls spent on the node)`;

/** What a script noted about its own attempts (`ATTACK {...}` lines). */
function notes(r: InstanceRecord): Record<string, any> {
  return Object.fromEntries(
    r.transcript.logs
      .split('\n')
      .filter((l) => l.startsWith('ATTACK '))
      .map((l) => JSON.parse(l.slice(7)) as { what: string; v: unknown })
      .map((n) => [n.what, n.v]),
  );
}
const total = (t: Record<string, number>) => Object.values(t).reduce((a, b) => a + b, 0);

interface Attack {
  name: string;
  body: string;
  scriptTimeoutMs: number;
  outcome: Outcome;
  /** The instance's error: the timeout, or a budget's message (whichever of them runs out first). */
  error?: string[];
  verify(r: InstanceRecord, forwarded: number): void;
}

const LOOP_TARGET = '0x00000000000000000000000000000000000000aa';

const attacks: Attack[] = [
  {
    name: 'sixteen 8 MB request bodies at once',
    scriptTimeoutMs: 15_000,
    outcome: 'wrong_state',
    body: `
      const big = JSON.stringify(call('eth_call', [{ to: agentAddress, data: '0x' + '00'.repeat(4 * 1024 * 1024) }, 'latest']));
      note('bodies', tally(await Promise.all(Array.from({ length: 16 }, () => send(providerUrl, big)))));`,
    verify(r, forwarded) {
      const t = notes(r).bodies as Record<string, number>;
      expect(total(t)).toBe(16);
      // Refused on its declared length (413), or cut while still sending it.
      expect(Object.keys(t).every((k) => k === `413 request body exceeds ${RPC_LIMITS.maxBodyBytes} bytes` || k === 'thrown')).toBe(true);
      expect(forwarded).toBe(0);
    },
  },
  {
    name: 'a batch of 1,500 calls, then three of 100 at once',
    scriptTimeoutMs: 15_000,
    outcome: 'wrong_state',
    body: `
      const huge = JSON.stringify(Array.from({ length: 1500 }, (_, i) => call('eth_chainId', [], i)));
      note('huge', await send(providerUrl, huge));
      const full = () => JSON.stringify(Array.from({ length: 100 }, (_, i) => call('eth_getBalance', [agentAddress, 'latest'], i)));
      note('full', tally(await Promise.all([1, 2, 3].map(() => send(providerUrl, full())))));`,
    verify(r, forwarded) {
      expect(notes(r).huge).toBe(`200 batch of 1500 calls; at most ${RPC_LIMITS.maxBatchLength} per batch`);
      expect(notes(r).full).toEqual({ '200 ok': 3 });
      expect(forwarded).toBe(300);
    },
  },
  {
    name: '5,000 requests in flight at once',
    scriptTimeoutMs: 20_000,
    outcome: 'runtime_error',
    error: [REQUESTS_SPENT, TIME_SPENT],
    body: `
      note('flood', tally(await Promise.all(Array.from({ length: 5000 }, (_, i) => send(providerUrl, JSON.stringify(call('eth_getBalance', [agentAddress, 'latest'], i)))))));`,
    verify(r, forwarded) {
      const t = notes(r).flood as Record<string, number>;
      expect(total(t)).toBe(5000);
      // Answered within the instance's open-request bound and its request budget; every other one refused.
      expect(t['200 ok']).toBeLessThanOrEqual(RPC_LIMITS.requestsPerInstance);
      expect(forwarded).toBe(t['200 ok']);
      const refusals = [`200 more than ${RPC_LIMITS.maxOpenRequests} requests of this instance open at once`, `200 ${REQUESTS_SPENT}`, `200 ${TIME_SPENT}`];
      expect(Object.keys(t).filter((k) => k !== '200 ok').every((k) => refusals.includes(k))).toBe(true);
    },
  },
  {
    name: 'twenty bodies that trickle in a byte every 200 ms',
    scriptTimeoutMs: 20_000,
    outcome: 'wrong_state',
    body: `
      const trickle = () => {
        let i = 0;
        const body = new ReadableStream({
          async pull(c) {
            await new Promise((r) => setTimeout(r, 200));
            if (i++ < 500) c.enqueue(new TextEncoder().encode(' ')); else c.close();
          },
        });
        return send(providerUrl, body);
      };
      const started = Date.now();
      note('trickle', tally(await Promise.all(Array.from({ length: 20 }, trickle))));
      note('ms', Date.now() - started);`,
    verify(r, forwarded) {
      const t = notes(r).trickle as Record<string, number>;
      expect(total(t)).toBe(20);
      expect(Object.keys(t).every((k) => k === `408 request body did not arrive within ${RPC_LIMITS.bodyTimeoutMs} ms` || k === 'thrown')).toBe(true);
      // Cut at the body timeout, not after the 100 s the bodies would take.
      expect(notes(r).ms).toBeLessThan(RPC_LIMITS.bodyTimeoutMs + 5_000);
      expect(forwarded).toBe(0);
    },
  },
  {
    name: 'fifty bodies nested 60,000 levels deep',
    scriptTimeoutMs: 15_000,
    outcome: 'wrong_state',
    body: `
      const deep = '['.repeat(60000) + ']'.repeat(60000);
      const inCall = '{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"to":"' + agentAddress + '"},"latest",' + '{"a":'.repeat(20000) + '1' + '}'.repeat(20000) + ']}';
      note('deep', tally(await Promise.all(Array.from({ length: 50 }, (_, i) => send(providerUrl, i % 2 ? deep : inCall)))));`,
    verify(r, forwarded) {
      expect(notes(r).deep).toEqual({ [`200 request JSON nested deeper than ${RPC_LIMITS.maxJsonDepth} levels`]: 50 });
      expect(forwarded).toBe(0);
    },
  },
  {
    name: 'rounds of 200 parallel eth_calls of a state-override loop with gas 2^40',
    scriptTimeoutMs: 30_000,
    outcome: 'runtime_error',
    error: [REQUESTS_SPENT, TIME_SPENT],
    body: `
      const T = '${LOOP_TARGET}';
      const loop = (i: number) => send(providerUrl, JSON.stringify(call('eth_call', [{ to: T, gas: '0x10000000000' }, 'latest', { [T]: { code: '0x5b600056' } }], i)));
      let rounds = 0;
      const all: Record<string, number> = {};
      for (; rounds < 40; rounds++) {
        const last = tally(await Promise.all(Array.from({ length: 200 }, (_, i) => loop(i))));
        for (const [k, v] of Object.entries(last)) all[k] = (all[k] ?? 0) + v;
        if (Object.keys(last).some((k) => k.includes('budget exceeded'))) break;
      }
      note('loops', { rounds: rounds + 1, all });`,
    verify(r) {
      const { rounds, all } = notes(r).loops as { rounds: number; all: Record<string, number> };
      expect(rounds).toBeLessThan(40);
      // Each call that ran stopped at the capped gas instead of running to 2^40; then the instance's time was up.
      expect(all['200 EVM error OutOfGas']).toBeGreaterThan(0);
      expect(Object.keys(all).filter((k) => k !== '200 EVM error OutOfGas').every((k) => k === `200 ${TIME_SPENT}` || k === `200 ${REQUESTS_SPENT}`)).toBe(true);
      expect(r.checks.every((c) => !c.passed)).toBe(true);
    },
  },
  {
    name: 'eth_getLogs over every block, 500 at a time, until refused',
    scriptTimeoutMs: 30_000,
    outcome: 'runtime_error',
    error: [REQUESTS_SPENT, TIME_SPENT],
    body: `
      note('range', await send(providerUrl, JSON.stringify(call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0xffffffff' }]))));
      let rounds = 0;
      let last: Record<string, number> = {};
      for (; rounds < 40; rounds++) {
        last = tally(await Promise.all(Array.from({ length: 500 }, (_, i) => send(providerUrl, JSON.stringify(call('eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest' }], i))))));
        if (Object.keys(last).some((k) => k.includes('budget exceeded'))) break;
      }
      note('logs', { rounds: rounds + 1, last });`,
    verify(r) {
      expect(notes(r).range).toBe(`200 eth_getLogs over 4294967296 blocks (0 to 4294967295); at most ${RPC_LIMITS.maxLogBlockRange} per call`);
      const { rounds, last } = notes(r).logs as { rounds: number; last: Record<string, number> };
      expect(rounds).toBeLessThan(40);
      expect(Object.keys(last).some((k) => k === `200 ${TIME_SPENT}` || k === `200 ${REQUESTS_SPENT}`)).toBe(true);
    },
  },
  {
    name: 'a busy loop until its timeout',
    scriptTimeoutMs: 4_000,
    outcome: 'timeout',
    error: ['timed out after 4000 ms'],
    body: `console.log('PID ' + Deno.pid); for (;;) {}`,
    verify(r, forwarded) {
      expect(forwarded).toBe(0);
      expect(Number(/PID (\d+)/.exec(r.transcript.logs)?.[1])).toBeGreaterThan(0);
    },
  },
];

beforeAll(async () => {
  [attacked, neighbour] = await Promise.all([openTestSession(), openTestSession(), prepareSandbox()]);
  // The neighbour's normal time: the median of five runs alone, after one to warm up.
  await runReference(neighbour, NEIGHBOUR_TASK);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await runReference(neighbour, NEIGHBOUR_TASK, i + 1);
    expect(r.score).toBe(100);
    times.push(r.latencyMs);
  }
  neighbourMedianMs = times.sort((a, b) => a - b)[2]!;
});

afterAll(async () => {
  await Promise.all([attacked?.close(), neighbour?.close()]);
});

/** The attacked route has nothing open or on the node, and its anvil is not computing. */
async function expectIdle(): Promise<void> {
  const route = attacked.session.proxy;
  for (let i = 0; i < 60 && (route.busy() > 0 || route.usage().open > 0); i++) await sleep(50);
  expect({ onNode: route.busy(), open: route.usage().open }).toEqual({ onNode: 0, open: 0 });
  await expectNotSpinning(attacked.node()!.pid);
}

async function expectAttackOutcome(a: Attack, r: InstanceRecord, forwarded: number): Promise<void> {
  const why = `${r.outcome} ${r.score} ${r.error ?? ''}\nlogs: ${r.transcript.logs.slice(0, 2000)}`;
  expect(r.outcome, why).toBe(a.outcome);
  expect(r.score, why).toBe(0);
  if (a.error) expect(a.error, why).toContain(r.error);
  // Only an instance whose script answered sent its no-op; a spent budget or a timeout sends nothing.
  expect(r.tx === undefined).toBe(a.outcome !== 'wrong_state');
  a.verify(r, forwarded);
}

describe.each(attacks.map((a) => [a.name, a] as const))('%s', (_name, a) => {
  test('alone: scores 0, the node and its route go idle, and the next instance on that node scores 100', async () => {
    const before = attacked.session.proxy.stats().forwarded;
    const r = await runAttack(a.body, a.scriptTimeoutMs);
    await expectAttackOutcome(a, r, attacked.session.proxy.stats().forwarded - before);
    if (a.outcome === 'timeout') await expectNotSpinning(Number(/PID (\d+)/.exec(r.transcript.logs)![1]));
    await expectIdle();
    const next = await runReference(attacked, NEIGHBOUR_TASK);
    expect(next.score, next.error).toBe(100);
  });

  test('next to a reference instance: the neighbour scores 100 within 5× its median time', async () => {
    const before = attacked.session.proxy.stats().forwarded;
    const anvilCpu = cpuMs(attacked.node()!.pid) ?? 0;
    const attack = runAttack(a.body, a.scriptTimeoutMs);
    // Start the neighbour once the attack is under way.
    await sleep(a.outcome === 'timeout' ? 1_000 : 500);
    const n = await runReference(neighbour, NEIGHBOUR_TASK, 2);
    const r = await attack;
    expect(n.score, n.error).toBe(100);
    expect(n.latencyMs, `neighbour took ${n.latencyMs} ms, median ${neighbourMedianMs} ms`).toBeLessThanOrEqual(5 * neighbourMedianMs);
    await expectAttackOutcome(a, r, attacked.session.proxy.stats().forwarded - before);
    await expectIdle();
    // The attack's chain work is bounded: its node computed for at most its chain time budget.
    expect((cpuMs(attacked.node()!.pid) ?? 0) - anvilCpu).toBeLessThan(RPC_LIMITS.upstreamMsPerInstance + 2_000);
  });
});
