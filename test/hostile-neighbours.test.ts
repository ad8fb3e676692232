// Scripts that lean on what instances share (the read-only proxy, the sandbox host, the machine's
// cores), each through the real pipeline on its own session, alone and next to an instance running
// the reference on another session. The attacked instance scores what its final answer (the null
// model's no-op) scores anyway, 0; the neighbour scores 100 within 5× its median time (at least 1 s
// more than it); and the attacked node and its proxy route are idle again within seconds of the
// script's end.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import type { InstanceRecord, Outcome } from '../src/results/record.ts';
import type { InstanceUsage } from '../src/sandbox/rpc-budget.ts';
import { prepareSandbox, runSkill } from '../src/sandbox/index.ts';
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { ATTACKS, attackSkill } from './fixtures/attacks.ts';
import { scriptedModel } from './helpers/models.ts';
import { cpuMs, expectNotSpinning, sleep } from './helpers/processes.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

type TestSession = Awaited<ReturnType<typeof openTestSession>>;
const ATTACKED_TASK = 'bnb_transfer_basic';
const NEIGHBOUR_TASK = 'swap_exact_tokens_for_tokens';

let attacked: TestSession;
let neighbour: TestSession;

async function runReference(t: TestSession, taskId: string, round = 1): Promise<InstanceRecord> {
  const task = await taskById(taskId);
  return runInstance({
    task,
    round,
    runSeed: 7,
    rounds: 1,
    session: t.session,
    model: referenceFor(task, t.session),
    scriptTimeoutMs: 30_000,
  });
}

async function runAttack(body: string, scriptTimeoutMs: number): Promise<InstanceRecord> {
  const task = await taskById(ATTACKED_TASK);
  const model = scriptedModel(
    'attacker',
    () => attackSkill(body),
    () => ({ env: attacked.session.env, agent: attacked.session.account.address }),
  );
  return runInstance({ task, round: 1, runSeed: 7, rounds: 1, session: attacked.session, model, scriptTimeoutMs });
}

const REQUESTS_SPENT = `budget exceeded: more than ${RPC_LIMITS.requestsPerScript} JSON-RPC requests to the chain in one script`;
const TIME_SPENT = `budget exceeded: more than ${RPC_LIMITS.upstreamMsPerScript / 1000} s of chain time in one script (time its calls spent on the node)`;
const OPEN_REFUSAL = `200 more than ${RPC_LIMITS.maxOpenRequests} requests of this instance open at once`;
/** A refusal for a spent budget, as a script's tally shows it. */
const SPENT = [`200 ${REQUESTS_SPENT}`, `200 ${TIME_SPENT}`];

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
  /** `usage`: what the attacked instance asked of its route. A script ended for its spent budget may not have noted anything. */
  verify(r: InstanceRecord, forwarded: number, usage: InstanceUsage): void;
}

const attacks: Attack[] = [
  {
    name: 'sixteen 8 MB request bodies at once',
    scriptTimeoutMs: 15_000,
    outcome: 'wrong_state',
    body: ATTACKS.largeBodies,
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
    body: ATTACKS.largeBatch,
    verify(r, forwarded) {
      expect(notes(r).huge).toBe(`200 batch of 1500 calls; at most ${RPC_LIMITS.maxBatchLength} per batch`);
      expect(notes(r).full).toEqual({ '200 ok': 3 });
      expect(forwarded).toBe(300);
    },
  },
  {
    name: '5,000 requests at once',
    scriptTimeoutMs: 20_000,
    outcome: 'runtime_error',
    error: [REQUESTS_SPENT, TIME_SPENT],
    body: ATTACKS.thousandsInFlight,
    verify(_r, forwarded, usage) {
      // In line inside its own isolate, a few at a time; refused past the budget; ended soon after.
      expect(usage.requests).toBeGreaterThan(RPC_LIMITS.requestsPerScript);
      expect(usage.peakOpen).toBeLessThanOrEqual(RPC_LIMITS.maxScriptFetches);
      expect(usage.peakInFlight).toBe(RPC_LIMITS.maxInFlight);
      expect(forwarded).toBe(usage.forwarded);
      expect(usage.forwarded).toBeLessThanOrEqual(RPC_LIMITS.requestsPerScript);
    },
  },
  {
    name: 'sixteen bodies that trickle in a byte every 200 ms',
    scriptTimeoutMs: 20_000,
    outcome: 'wrong_state',
    body: ATTACKS.tricklingBodies,
    verify(r, forwarded) {
      const t = notes(r).trickle as Record<string, number>;
      expect(total(t)).toBe(16);
      expect(
        Object.keys(t).every((k) => k === `408 request body did not arrive within ${RPC_LIMITS.bodyTimeoutMs} ms` || k === 'thrown'),
      ).toBe(true);
      // Cut at the body timeout, not after the 100 s the bodies would take.
      expect(notes(r).ms).toBeLessThan(RPC_LIMITS.bodyTimeoutMs + 5_000);
      expect(forwarded).toBe(0);
    },
  },
  {
    name: 'fifty bodies nested 60,000 levels deep',
    scriptTimeoutMs: 15_000,
    outcome: 'wrong_state',
    body: ATTACKS.deepJson,
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
    body: ATTACKS.stateOverrideLoops,
    verify(r, _forwarded, usage) {
      // Every call asked for 2^40 gas and got the cap: each stopped in milliseconds, one at a time.
      expect(usage.maxGas).toBe(2 ** 40);
      expect(usage.peakInFlight).toBe(1);
      expect(usage.maxOverrideCodeBytes).toBe(4);
      const loops = notes(r).loops as { all: Record<string, number> } | undefined;
      if (loops)
        expect(
          Object.keys(loops.all)
            .filter((k) => k !== '200 EVM error OutOfGas')
            .every((k) => k === OPEN_REFUSAL || SPENT.includes(k)),
          JSON.stringify(loops),
        ).toBe(true);
      expect(r.checks.every((c) => !c.passed)).toBe(true);
    },
  },
  {
    name: 'eth_getLogs over every block, 500 at a time, until refused',
    scriptTimeoutMs: 30_000,
    outcome: 'runtime_error',
    error: [REQUESTS_SPENT, TIME_SPENT],
    body: ATTACKS.logsOverEveryBlock,
    verify(r, _forwarded, usage) {
      expect(notes(r).range).toBe(
        `200 eth_getLogs over 4294967296 blocks (0 to 4294967295); at most ${RPC_LIMITS.maxLogBlockRange} per call`,
      );
      expect(usage.maxLogBlocks).toBe(2 ** 32);
      expect(usage.forwarded).toBeGreaterThan(0);
      const logs = notes(r).logs as { all: Record<string, number> } | undefined;
      if (logs)
        expect(
          Object.keys(logs.all)
            .filter((k) => k !== '200 ok')
            .every((k) => k === OPEN_REFUSAL || SPENT.includes(k)),
          JSON.stringify(logs),
        ).toBe(true);
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
  await runReference(neighbour, NEIGHBOUR_TASK);
});

/** The neighbour's normal time just now: the median of three runs alone (the machine's other load drifts). */
async function neighbourMedianMs(): Promise<number> {
  const times: number[] = [];
  for (let round = 3; round <= 5; round++) {
    const r = await runReference(neighbour, NEIGHBOUR_TASK, round);
    expect(r.score).toBe(100);
    times.push(r.latencyMs);
  }
  return times.sort((a, b) => a - b)[1]!;
}

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
  const usage = attacked.session.proxy.usage();
  if (a.error?.some((e) => e.startsWith('budget exceeded'))) expect(a.error).toContain(usage.exhausted?.message);
  a.verify(r, forwarded, usage);
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

  test('next to a reference instance: the neighbour scores 100 within 5× its median time (+1 s at least)', async () => {
    const medianMs = await neighbourMedianMs();
    const before = attacked.session.proxy.stats().forwarded;
    const anvilCpu = cpuMs(attacked.node()!.pid) ?? 0;
    const attack = runAttack(a.body, a.scriptTimeoutMs);
    // Start the neighbour once the attack is under way.
    await sleep(a.outcome === 'timeout' ? 1_000 : 500);
    const n = await runReference(neighbour, NEIGHBOUR_TASK, 2);
    const r = await attack;
    expect(n.score, n.error).toBe(100);
    // A generous bound: the issue saw 5-17 s where 0.2 s is normal. The 1 s floor absorbs scheduling
    // noise of a machine other work keeps busy.
    expect(n.latencyMs, `neighbour took ${n.latencyMs} ms, median ${medianMs} ms`).toBeLessThanOrEqual(
      Math.max(5 * medianMs, medianMs + 1_000),
    );
    await expectAttackOutcome(a, r, attacked.session.proxy.stats().forwarded - before);
    await expectIdle();
    // The attack's chain work is bounded: its node computed for at most its chain time budget.
    expect((cpuMs(attacked.node()!.pid) ?? 0) - anvilCpu).toBeLessThan(RPC_LIMITS.upstreamMsPerScript + 2_000);
  });
});

describe('the sandbox host: time limits are per script', () => {
  test('with both cores spun by two busy loops, other scripts in the same host keep their own limits', async () => {
    const args = { providerUrl: neighbour.session.proxy.url, agentAddress: neighbour.session.account.address, deployedContracts: {} };
    const spin = (timeoutMs: number) => runSkill('export async function executeSkill() { for (;;) {} }', args, { timeoutMs });
    const read = `import { JsonRpcProvider } from 'ethers';
      export async function executeSkill(providerUrl: string, agentAddress: string) {
        return { answer: String(await new JsonRpcProvider(providerUrl, undefined, { staticNetwork: true }).getBalance(agentAddress)) };
      }`;
    const loops = [spin(5_000), spin(5_000)];
    await sleep(1_000);
    const short = spin(1_500);
    const honest = [1, 2, 3].map(() => runSkill(read, args, { timeoutMs: 4_000 }));
    const s = await short;
    // Its own 1.5 s, not the 5 s of the loops beside it.
    expect(s).toMatchObject({ kind: 'timeout', message: 'timed out after 1500 ms' });
    expect(s.durationMs).toBeLessThan(1_500 + 2_500);
    for (const h of honest) expect(await h).toMatchObject({ kind: 'ok', value: { answer: expect.stringMatching(/^[1-9]\d*$/) } });
    for (const l of loops) expect(await l).toMatchObject({ kind: 'timeout', message: 'timed out after 5000 ms' });
  });
});

describe('a node still busy when the next instance starts', () => {
  test('is replaced from the prepared state, and that instance runs on the new node', async () => {
    const route = attacked.session.proxy;
    const before = attacked.node()!.pid;
    // As if an earlier script's calls had outlived the drain timeout.
    route.beginInstance = async () => false;
    try {
      const r = await runReference(attacked, NEIGHBOUR_TASK);
      expect(r.score, r.error).toBe(100);
    } finally {
      delete (route as Partial<typeof route>).beginInstance;
    }
    expect(attacked.node()!.pid).not.toBe(before);
    expect(attacked.session.proxy).not.toBe(route);
  });
});
