// The read-only proxy's bounds on what one instance's scripts can make their node do, each checked on
// its own: per-call limits (gas, overrides, ranges, batch, body, depth), the calls of an instance on
// the node at once, its requests and chain time, and what happens at the end of a script and of an
// instance. A recording upstream shows exactly what reached "the node"; a real anvil shows the effect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonDepth } from '../src/sandbox/json-depth.ts';
import { LIMIT_EXCEEDED, RPC_LIMITS, type RpcLimits } from '../src/sandbox/rpc-limits.ts';
import { startProxyRouter, startReadOnlyProxy, type ProxyRoute, type ProxyRouter, type ReadOnlyProxy } from '../src/sandbox/rpc-proxy.ts';
import { prepareSandbox, runSkill, type SandboxOutcome } from '../src/sandbox/index.ts';
import { startTestAnvil, type TestAnvil } from './helpers/test-anvil.ts';
import { sleep } from './helpers/processes.ts';

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
const hex = (n: bigint | number) => `0x${n.toString(16)}`;
const LOOP = '0x5b600056'; // JUMPDEST PUSH1 0 JUMP: spins until its gas is gone
const TARGET = '0x00000000000000000000000000000000000000aa';
const CAP = BigInt(RPC_LIMITS.maxCallGas);

async function post(url: string, body: unknown, raw?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** An upstream that records what reached it and answers each call after `delayMs`, counting calls at once. */
async function recordingUpstream(delayMs = 0) {
  const seen: any[] = [];
  const state = {
    now: 0,
    peak: 0,
    delayMs,
    answer: (c: any): unknown => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_blockNumber' ? '0x64' : '0x1' }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const calls = Array.isArray(body) ? body : [body];
      seen.push(...calls);
      state.now += calls.length;
      state.peak = Math.max(state.peak, state.now);
      await sleep(state.delayMs);
      state.now -= calls.length;
      const out = Array.isArray(body) ? calls.map(state.answer) : state.answer(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
type Recording = Awaited<ReturnType<typeof recordingUpstream>>;

let up: Recording;
let anvil: TestAnvil;
const routers: ProxyRouter[] = [];

/** A route to the recording upstream with these limits. */
async function routeTo(url: string, limits: Partial<RpcLimits> = {}): Promise<ProxyRoute> {
  const router = await startProxyRouter({ limits });
  routers.push(router);
  return router.route(url);
}

beforeAll(async () => {
  [up, anvil] = await Promise.all([recordingUpstream(), startTestAnvil()]);
});
afterAll(async () => {
  await Promise.all(routers.map((r) => r.close()));
  await up?.close();
  anvil?.stop();
});

describe('json depth', () => {
  it('counts nesting outside strings, escapes included, and stops early', () => {
    const d = (s: string, stop?: number) => jsonDepth(Buffer.from(s), stop);
    expect(d('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(d('"[[[[["')).toBe(0);
    expect(d('["\\"[[[", {"k": "\\\\"}, [[]]]')).toBe(3);
    expect(d('[]')).toBe(1);
    expect(d('['.repeat(1e6), 40)).toBe(41);
  });
});

describe('per-call bounds', () => {
  it('supplies the gas cap to eth_call / eth_estimateGas without one, lowers a larger one, keeps a smaller one', async () => {
    const r = await routeTo(up.url);
    up.seen.length = 0;
    await post(r.url, [
      call('eth_call', [{ to: TARGET }, 'latest'], 1),
      call('eth_estimateGas', [{ to: TARGET, gas: hex(10n ** 12n) }], 2),
      call('eth_call', [{ to: TARGET, gas: '0x5208' }, 'latest'], 3),
      call('eth_call', [{ to: TARGET, gas: 1_000_000 }, 'latest', {}, { gasLimit: hex(10n ** 15n), time: '0x1' }], 4),
    ]);
    const byId = new Map(up.seen.map((c) => [c.id, c]));
    expect(byId.get(1).params).toEqual([{ to: TARGET, gas: hex(CAP) }, 'latest']);
    expect(byId.get(2).params).toEqual([{ to: TARGET, gas: hex(CAP) }]);
    expect(byId.get(3).params[0].gas).toBe('0x5208');
    // A block override cannot lift the block gas limit past the cap either.
    expect(byId.get(4).params).toEqual([{ to: TARGET, gas: hex(1_000_000) }, 'latest', {}, { gasLimit: hex(CAP), time: '0x1' }]);
    expect(r.usage()).toMatchObject({ maxGas: 10 ** 12, callsWithoutGas: 1, forwarded: 4 });
  });

  it('makes a state-override loop stop at the cap on a real node', async () => {
    const r = await routeTo(anvil.url);
    // anvil would run this loop to the gas asked for (minutes at 2^40); the proxy lowers it.
    const loop = await post(r.url, call('eth_estimateGas', [{ to: TARGET, gas: hex(2n ** 40n) }, 'latest', { [TARGET]: { code: LOOP } }]));
    expect(loop.json.error.message).toBe(`Out of gas: gas required exceeds allowance: ${CAP}`);
    const ok = await post(
      r.url,
      call('eth_call', [{ to: TARGET, data: '0x' }, 'latest', { [TARGET]: { code: '0x602a60005260206000f3' } }]),
    );
    expect(ok.json.result).toBe(`0x${'2a'.padStart(64, '0')}`);
  });

  it('refuses state overrides over the account, slot or code limits, and malformed ones', async () => {
    const r = await routeTo(up.url, { maxOverrideAccounts: 2, maxOverrideSlots: 3, maxOverrideCodeBytes: 4 });
    const addr = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
    const slots = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [hex(i), '0x01']));
    const cases: [unknown, number, RegExp][] = [
      [{ [addr(1)]: {}, [addr(2)]: {}, [addr(3)]: {} }, LIMIT_EXCEEDED, /^state override of 3 accounts; at most 2$/],
      [
        { [addr(1)]: { state: slots(2) }, [addr(2)]: { stateDiff: slots(2) } },
        LIMIT_EXCEEDED,
        /^state override of 4 storage slots; at most 3$/,
      ],
      [{ [addr(1)]: { code: '0x0102030405' } }, LIMIT_EXCEEDED, /^state override with 5 bytes of code; at most 4$/],
      [{ [addr(1)]: { code: '0x01', storage: {} } }, -32602, /^invalid state override: /],
      [{ [addr(1)]: { balance: 'lots' } }, -32602, /^invalid state override: /],
    ];
    const before = up.seen.length;
    for (const [override, code, message] of cases) {
      const out = await post(r.url, call('eth_call', [{ to: TARGET }, 'latest', override], 9));
      expect(out.json).toMatchObject({ id: 9, error: { code } });
      expect(out.json.error.message).toMatch(message);
    }
    expect(up.seen.length).toBe(before);
    const fine = await post(
      r.url,
      call('eth_call', [{ to: TARGET }, 'latest', { [addr(1)]: { code: '0x01020304', state: slots(3), balance: '0x1' } }]),
    );
    expect(fine.json.result).toBe('0x1');
    expect(r.usage()).toMatchObject({ maxOverrideAccounts: 3, maxOverrideSlots: 4, maxOverrideCodeBytes: 5 });
  });

  it('bounds eth_getLogs ranges (block tags resolved on the node) and eth_feeHistory', async () => {
    const r = await routeTo(up.url, { maxLogBlockRange: 50, maxFeeHistoryBlocks: 10 });
    // The recording node's head is block 100 (0x64).
    const logs = async (filter: object) => (await post(r.url, call('eth_getLogs', [filter]))).json;
    expect((await logs({ fromBlock: '0x33', toBlock: 'latest' })).result).toBe('0x1');
    expect((await logs({ fromBlock: '0x32', toBlock: 'latest' })).error).toEqual({
      code: LIMIT_EXCEEDED,
      message: 'eth_getLogs over 51 blocks (50 to 100); at most 50 per call',
    });
    expect((await logs({ fromBlock: 'earliest' })).error.message).toBe('eth_getLogs over 101 blocks (0 to 100); at most 50 per call');
    expect((await logs({ fromBlock: '0x0', toBlock: '0xffffffff' })).error.code).toBe(LIMIT_EXCEEDED);
    expect((await logs({ blockHash: `0x${'ab'.repeat(32)}` })).result).toBe('0x1');
    expect((await logs({})).result).toBe('0x1');
    expect((await logs({ fromBlock: 'yesterday' })).error.code).toBe(-32602);
    const fee = async (n: string) => (await post(r.url, call('eth_feeHistory', [n, 'latest', [50]]))).json;
    expect((await fee('0xa')).result).toBe('0x1');
    expect((await fee('0xb')).error).toEqual({ code: LIMIT_EXCEEDED, message: 'eth_feeHistory over 11 blocks; at most 10' });
    expect(r.usage().maxLogBlocks).toBe(2 ** 32);
  });

  it('refuses an over-long batch, an over-deep body and an oversized body before anything reaches the node', async () => {
    const r = await routeTo(up.url, { maxBatchLength: 5, maxJsonDepth: 8, maxBodyBytes: 2048 });
    const before = up.seen.length;
    const batch = await post(
      r.url,
      Array.from({ length: 6 }, (_, i) => call('eth_chainId', [], i)),
    );
    expect(batch.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: LIMIT_EXCEEDED, message: 'batch of 6 calls; at most 5 per batch' },
    });
    const deep = await post(r.url, undefined, `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[${'['.repeat(20)}${']'.repeat(20)}]}`);
    expect(deep.json.error).toEqual({ code: LIMIT_EXCEEDED, message: 'request JSON nested deeper than 8 levels' });
    // A deeper body than JSON.stringify can take again: refused, not a crash.
    const abyss = await post(r.url, undefined, `${'['.repeat(1500)}${']'.repeat(1500)}`);
    expect(abyss.json.error.code).toBe(LIMIT_EXCEEDED);
    const big = await post(r.url, call('eth_call', [{ to: TARGET, data: `0x${'00'.repeat(2048)}` }]));
    expect(big.status).toBe(413);
    expect(big.json.error.message).toBe('request body exceeds 2048 bytes');
    expect(up.seen.length).toBe(before);
    // Each refused body counts once against the instance, the over-long batch too.
    expect(r.usage()).toMatchObject({ requests: 4, refused: 4, forwarded: 0 });
  });

  it('gives a body that trickles in a fixed time to arrive', async () => {
    const r = await routeTo(up.url, { bodyTimeoutMs: 300 });
    const { port, pathname } = new URL(r.url);
    const started = performance.now();
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': 10_000 },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      const drip = setInterval(() => req.write(' '), 50);
      req.on('close', () => clearInterval(drip));
    });
    expect(reply.status).toBe(408);
    expect(JSON.parse(reply.text).error.message).toBe('request body did not arrive within 300 ms');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('refuses a node answer larger than the limit', async () => {
    const r = await routeTo(anvil.url, { maxResponseBytes: 300 });
    const out = await post(r.url, call('eth_getBlockByNumber', ['latest', true], 4));
    expect(out.json).toEqual({ jsonrpc: '2.0', id: 4, error: { code: LIMIT_EXCEEDED, message: "the node's answer exceeds 300 bytes" } });
    expect((await post(r.url, call('eth_chainId'))).json.result).toBe('0x7a69');
  });
});

describe('an instance on its node', () => {
  it('keeps at most maxInFlight calls of an instance on the node, queues the rest (batches too) and answers all', async () => {
    const slow = await recordingUpstream(40);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 3 });
      const singles = Array.from({ length: 12 }, (_, i) => post(r.url, call('eth_chainId', [], i)));
      const batch = post(
        r.url,
        Array.from({ length: 7 }, (_, i) => call('eth_blockNumber', [], `b${i}`)),
      );
      const answers = await Promise.all([...singles, batch]);
      expect(answers.slice(0, 12).map((a) => a.json.id)).toEqual([...Array(12).keys()]);
      expect(answers[12]!.json.map((a: any) => [a.id, a.result])).toEqual(Array.from({ length: 7 }, (_, i) => [`b${i}`, '0x64']));
      expect(slow.state.peak).toBe(3);
      expect(r.usage()).toMatchObject({ peakInFlight: 3, forwarded: 19, requests: 19 });
    } finally {
      await slow.close();
    }
  });

  it('refuses requests beyond maxOpenRequests at once, while the others are answered', async () => {
    const slow = await recordingUpstream(100);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 1, maxOpenRequests: 5 });
      const out = await Promise.all(Array.from({ length: 8 }, (_, i) => post(r.url, call('eth_chainId', [], i))));
      const refused = out.filter((o) => o.json.error);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.json.error).toEqual({ code: LIMIT_EXCEEDED, message: 'more than 5 requests of this instance open at once' });
      expect(out.filter((o) => o.json.result === '0x1')).toHaveLength(5);
      expect(r.usage().peakOpen).toBe(5);
    } finally {
      await slow.close();
    }
  });

  it('ends an instance after its request budget; the next instance starts afresh', async () => {
    const r = await routeTo(up.url, { requestsPerInstance: 10 });
    for (let i = 0; i < 8; i++) expect((await post(r.url, call('eth_chainId', [], i))).json.result).toBe('0x1');
    const batch = await post(r.url, [call('eth_chainId', [], 'a'), call('eth_chainId', [], 'b'), call('eth_chainId', [], 'c')]);
    const message = 'budget exceeded: more than 10 JSON-RPC requests to the chain in one instance';
    expect(batch.json.map((x: any) => x.result ?? x.error.message)).toEqual(['0x1', '0x1', message]);
    const after = await post(r.url, call('eth_chainId', [], 'late'));
    expect(after.json.error).toEqual({ code: LIMIT_EXCEEDED, message });
    expect(r.usage().exhausted).toEqual({ budget: 'requests', message });
    expect(await r.beginInstance()).toBe(true);
    expect(r.usage()).toMatchObject({ requests: 0 });
    expect(r.usage().exhausted).toBeUndefined();
    expect((await post(r.url, call('eth_chainId'))).json.result).toBe('0x1');
  });

  it('gives every script an allowance of its own within the instance total; a spent one ends that script only', async () => {
    const r = await routeTo(up.url, { requestsPerScript: 5, requestsPerInstance: 12 });
    const script = 'budget exceeded: more than 5 JSON-RPC requests to the chain in one script';
    const instance = 'budget exceeded: more than 12 JSON-RPC requests to the chain in one instance';
    const calls = async (n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const a = (await post(r.url, call('eth_chainId', [], i))).json;
        out.push(a.result ?? a.error.message);
      }
      return out;
    };
    const ok: SandboxOutcome = { kind: 'ok', value: 1, logs: '', durationMs: 1 };
    // Script 1 spends its own allowance: its sixth call is refused, and it ends as a runtime_error naming it.
    expect(await calls(6)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1', script]);
    expect(r.settle(ok)).toEqual({ kind: 'runtime_error', message: script, logs: '', durationMs: 1 });
    // Script 2 starts afresh (7 of the instance's 12 used) and is settled as it ended.
    expect(await calls(1)).toEqual(['0x1']);
    expect(r.settle(ok)).toBe(ok);
    // Script 3 has 5 of its own, and the instance's 12 run out with them: every later script is refused at once.
    expect(await calls(6)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1', instance]);
    expect(r.settle(ok)).toMatchObject({ kind: 'runtime_error', message: instance });
    expect(await calls(1)).toEqual([instance]);
    expect(r.usage()).toMatchObject({ requests: 14, exhausted: { budget: 'requests', message: script } });
  });

  it('ends an instance after its chain time budget (a batch counts each of its calls)', async () => {
    const slow = await recordingUpstream(60);
    try {
      const r = await routeTo(slow.url, { upstreamMsPerInstance: 200 });
      const first = await post(r.url, [call('eth_chainId', [], 1), call('eth_chainId', [], 2)]);
      expect(first.json.every((x: any) => x.result === '0x1')).toBe(true);
      expect(r.usage().exhausted).toBeUndefined();
      await post(r.url, [call('eth_chainId', [], 3), call('eth_chainId', [], 4)]);
      // 4 calls × ≥ 60 ms > 200 ms: spent.
      expect(r.usage().exhausted).toEqual({
        budget: 'chain time',
        message: 'budget exceeded: more than 0.2 s of chain time in one instance (time its calls spent on the node)',
      });
      const seen = slow.seen.length;
      expect((await post(r.url, call('eth_chainId'))).json.error.code).toBe(LIMIT_EXCEEDED);
      expect(slow.seen.length).toBe(seen);
    } finally {
      await slow.close();
    }
  });

  it('settles a script: its URL stops working, its waiting calls never reach the node, and a spent budget names itself', async () => {
    // Long enough on the node that the other five are still waiting when the script is settled, however busy the machine.
    const slow = await recordingUpstream(1_000);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 1, requestsPerInstance: 30 });
      const first = r.url;
      const pending = Array.from({ length: 6 }, (_, i) => post(first, call('eth_chainId', [], i)));
      await vi.waitFor(() => expect([r.usage().open, slow.seen.length]).toEqual([6, 1]), { timeout: 10_000, interval: 5 });
      const ok: SandboxOutcome = { kind: 'ok', value: 1, logs: 'log', durationMs: 5 };
      expect(r.settle(ok)).toBe(ok);
      expect(r.url).not.toBe(first);
      const answers = await Promise.all(pending);
      // The one on the node finished; the five waiting behind it were dropped.
      expect(answers.filter((a) => a.json.result === '0x1')).toHaveLength(1);
      expect(answers.filter((a) => a.json.error?.message === 'the script this request came from has ended')).toHaveLength(5);
      expect(slow.seen).toHaveLength(1);
      expect((await post(first, call('eth_chainId'))).status).toBe(404);
      // The next script of the same instance shares its budget: 6 used, 30 allowed.
      slow.state.delayMs = 0;
      await Promise.all(Array.from({ length: 25 }, () => post(r.url, call('eth_chainId'))));
      expect(r.usage().exhausted?.budget).toBe('requests');
      const settled = r.settle({ kind: 'timeout', message: 'timed out after 1 ms', logs: 'tail', durationMs: 1 });
      expect(settled).toEqual({
        kind: 'runtime_error',
        message: 'budget exceeded: more than 30 JSON-RPC requests to the chain in one instance',
        logs: 'tail',
        durationMs: 1,
      });
    } finally {
      await slow.close();
    }
  });

  it("drops a waiting call whose client went away; a new instance waits for the last one's calls to leave the node", async () => {
    const slow = await recordingUpstream(300);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 1 });
      const gone = new AbortController();
      const onNode = post(r.url, call('eth_chainId', [], 'on-node'));
      await sleep(30);
      const waiting = fetch(r.url, { method: 'POST', body: JSON.stringify(call('eth_chainId', [], 'waiting')), signal: gone.signal }).catch(
        () => 'aborted',
      );
      await sleep(30);
      gone.abort();
      expect(await waiting).toBe('aborted');
      expect(r.busy()).toBe(1);
      const started = performance.now();
      expect(await r.beginInstance()).toBe(true);
      expect(performance.now() - started).toBeGreaterThan(150);
      expect(r.busy()).toBe(0);
      expect((await onNode).json.result).toBe('0x1');
      expect(slow.seen.map((c) => c.id)).toEqual(['on-node']);
    } finally {
      await slow.close();
    }
  });

  it('reports a node still busy after the drain timeout, so the session replaces it', async () => {
    const stuck = await recordingUpstream(1_500);
    try {
      const r = await routeTo(stuck.url, { drainTimeoutMs: 200 });
      void post(r.url, call('eth_chainId'));
      await sleep(50);
      expect(await r.beginInstance()).toBe(false);
    } finally {
      await stuck.close();
    }
  });
});

describe("a request from this process (a wallet agent's endpoint)", () => {
  const inProcess = async (r: ProxyRoute, body: unknown, raw?: string) => {
    const out = await r.request(raw ?? JSON.stringify(body));
    return { status: out.status, json: JSON.parse(out.text) };
  };

  it('meets the same policy, size limits, slots and budget as one over HTTP, on the same instance', async () => {
    const slow = await recordingUpstream(40);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 2, maxBodyBytes: 2048, maxBatchLength: 5, requestsPerInstance: 12 });
      expect((await inProcess(r, call('anvil_setBalance', [TARGET, '0x1']))).json.error.code).toBe(-32601);
      const big = await inProcess(r, call('eth_call', [{ to: TARGET, data: `0x${'00'.repeat(2048)}` }]));
      expect(big.status).toBe(413);
      expect(big.json.error.message).toBe('request body exceeds 2048 bytes');
      const long = await inProcess(
        r,
        Array.from({ length: 6 }, (_, i) => call('eth_chainId', [], i)),
      );
      expect(long.json.error.message).toBe('batch of 6 calls; at most 5 per batch');
      expect(slow.seen).toHaveLength(0);
      // In process and over HTTP at once: one instance, one set of slots on its node.
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => inProcess(r, call('eth_chainId', [], i))),
        ...Array.from({ length: 4 }, (_, i) => post(r.url, call('eth_chainId', [], 10 + i))),
      ]);
      expect(answers.map((a) => a.json.result)).toEqual(Array(8).fill('0x1'));
      expect(slow.state.peak).toBe(2);
      expect(r.usage()).toMatchObject({ requests: 11, refused: 3, forwarded: 8, open: 0 });
      const spent = await inProcess(r, [call('eth_chainId', [], 'a'), call('eth_chainId', [], 'b')]);
      expect(spent.json.map((x: any) => x.result ?? x.error.code)).toEqual(['0x1', LIMIT_EXCEEDED]);
      expect((await inProcess(r, call('eth_chainId'))).json.error.code).toBe(LIMIT_EXCEEDED);
    } finally {
      await slow.close();
    }
  });
});

describe('a standalone proxy', () => {
  let proxy: ReadOnlyProxy;
  beforeAll(async () => {
    proxy = await startReadOnlyProxy(anvil.url, { limits: { requestsPerInstance: 3 } });
  });
  afterAll(() => proxy?.close());

  it('keeps its root URL across scripts and instances', async () => {
    expect(proxy.route.url).toBe(proxy.url);
    proxy.route.settle({ kind: 'ok', value: 1, logs: '', durationMs: 0 });
    await proxy.route.beginInstance();
    expect(proxy.route.url).toBe(proxy.url);
    for (let i = 0; i < 3; i++) expect((await post(proxy.url, call('eth_chainId'))).json.result).toBe('0x7a69');
    expect((await post(proxy.url, call('eth_chainId'))).json.error.code).toBe(LIMIT_EXCEEDED);
  });
});

describe('a script in the sandbox', () => {
  beforeAll(() => prepareSandbox());

  it(`keeps at most ${RPC_LIMITS.maxScriptFetches} fetches open at once; the rest wait their turn and all are answered`, async () => {
    // Slow enough on the node that sixteen pile up there however busy the machine.
    const slow = await recordingUpstream(100);
    try {
      const r = await routeTo(slow.url, { maxInFlight: 100, upstreamMsPerScript: 60_000 });
      const many = `export async function executeSkill(providerUrl: string) {
        const replies = await Promise.all(Array.from({ length: 200 }, (_, i) =>
          fetch(providerUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] }) }).then((x) => x.json())));
        return replies.filter((x) => x.result === '0x1').length;
      }`;
      const out = await r.runScript((url, signal) =>
        runSkill(many, { providerUrl: url, agentAddress: TARGET, deployedContracts: {} }, { timeoutMs: 20_000, signal }),
      );
      expect(out).toMatchObject({ kind: 'ok', value: 200 });
      expect(r.usage().peakOpen).toBe(RPC_LIMITS.maxScriptFetches);
      expect(slow.state.peak).toBe(RPC_LIMITS.maxScriptFetches);
    } finally {
      await slow.close();
    }
  });

  it('sees the refusals for a short grace, then is ended as a runtime_error naming the budget; later scripts never start', async () => {
    const r = await routeTo(anvil.url, { requestsPerInstance: 5, budgetGraceMs: 300 });
    const hammer = `export async function executeSkill(providerUrl: string) {
      for (let i = 0; ; i++) {
        const reply = await (await fetch(providerUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] }) })).json();
        if (reply.error && i < 40) console.log(reply.error.message);
      }
    }`;
    const args = (providerUrl: string) => ({ providerUrl, agentAddress: TARGET, deployedContracts: {} });
    const started = performance.now();
    const out = await r.runScript((url, signal) => runSkill(hammer, args(url), { timeoutMs: 20_000, signal }));
    const message = 'budget exceeded: more than 5 JSON-RPC requests to the chain in one instance';
    expect(out).toMatchObject({ kind: 'runtime_error', message });
    expect(out.logs.split('\n')[0]).toBe(message);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The instance's next script: its budget is still spent, so it does not run at all.
    const next = await r.runScript((url, signal) => runSkill('export async function executeSkill() { return 1; }', args(url), { signal }));
    expect(next).toMatchObject({ kind: 'runtime_error', message, logs: '' });
  });
});
