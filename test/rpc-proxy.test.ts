import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_METHODS, startProxyRouter, startReadOnlyProxy } from '../src/sandbox/rpc-proxy.ts';
import type { ReadOnlyProxy } from '../src/sandbox/rpc-proxy.ts';
import { startTestAnvil } from './helpers/test-anvil.ts';
import type { TestAnvil } from './helpers/test-anvil.ts';

const DEV0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const DEV1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TEN_THOUSAND_ETH = '0x21e19e0c9bab2400000';
// anvil's first well-known dev key (public test mnemonic).
const DEV0_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
let signedTx = '';

let anvil: TestAnvil;
let proxy: ReadOnlyProxy;

async function rpc(url: string, body: unknown, init: { method?: string; rawBody?: string } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json' },
    body: init.method === 'GET' ? undefined : (init.rawBody ?? JSON.stringify(body)),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as any, text };
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });

beforeAll(async () => {
  anvil = await startTestAnvil();
  proxy = await startReadOnlyProxy(anvil.url);
  // A valid signed transfer: even a correctly signed transaction must not get through.
  signedTx = await new Wallet(DEV0_KEY).signTransaction({
    to: DEV1,
    value: 10n ** 18n,
    gasLimit: 21_000n,
    gasPrice: 2_000_000_000n,
    nonce: 0,
    chainId: 31337n,
  });
});

afterAll(async () => {
  await proxy?.close();
  anvil?.stop();
});

describe('read-only JSON-RPC proxy', () => {
  it('listens on loopback and exposes exactly the read allowlist', () => {
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}/`);
    expect([...READ_METHODS].sort()).toEqual(
      [
        'eth_call',
        'eth_getBalance',
        'eth_getCode',
        'eth_getStorageAt',
        'eth_estimateGas',
        'eth_blockNumber',
        'eth_chainId',
        'eth_gasPrice',
        'eth_maxPriorityFeePerGas',
        'eth_feeHistory',
        'eth_getTransactionCount',
        'eth_getBlockByNumber',
        'eth_getBlockByHash',
        'eth_getLogs',
        'eth_getTransactionReceipt',
        'eth_getTransactionByHash',
        'net_version',
        'web3_clientVersion',
      ].sort(),
    );
  });

  it('forwards reads', async () => {
    const r = await rpc(proxy.url, call('eth_getBalance', [DEV0, 'latest'], 7));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ jsonrpc: '2.0', id: 7, result: TEN_THOUSAND_ETH });
    const chain = await rpc(proxy.url, call('eth_chainId', [], 'c'));
    expect(chain.json.result).toBe('0x7a69');
  });

  it('allows eth_call with a state override', async () => {
    // Runtime code that returns 42: PUSH1 2a PUSH1 0 MSTORE PUSH1 20 PUSH1 0 RETURN
    const target = '0x00000000000000000000000000000000000000aa';
    const r = await rpc(
      proxy.url,
      call('eth_call', [{ to: target, data: '0x' }, 'latest', { [target]: { code: '0x602a60005260206000f3' } }]),
    );
    expect(r.json.result).toBe(`0x${'2a'.padStart(64, '0')}`);
  });

  it.each([
    ['anvil_setBalance', [DEV1, '0x1']],
    ['anvil_mine', []],
    ['anvil_impersonateAccount', [DEV1]],
    ['evm_snapshot', []],
    ['evm_revert', ['0x1']],
    ['evm_mine', []],
    ['hardhat_setBalance', [DEV1, '0x1']],
    ['debug_traceCall', [{ to: DEV1 }, 'latest']],
    ['eth_sendTransaction', [{ from: DEV0, to: DEV1, value: '0x1' }]],
    ['eth_sendRawTransaction', () => [signedTx]],
    ['eth_sign', [DEV0, '0xdeadbeef']],
    ['eth_signTransaction', [{ from: DEV0, to: DEV1 }]],
    ['personal_sign', ['0xdeadbeef', DEV0]],
    ['eth_accounts', []],
    ['eth_subscribe', ['newHeads']],
  ] as Array<[string, unknown[] | (() => unknown[])]>)('refuses %s without contacting upstream', async (method, params) => {
    const before = proxy.stats();
    const r = await rpc(proxy.url, call(method, typeof params === 'function' ? params() : params, 42));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      jsonrpc: '2.0',
      id: 42,
      error: { code: -32601, message: `method ${method} is not available: this endpoint is read-only` },
    });
    expect(proxy.stats()).toEqual({ forwarded: before.forwarded, refused: before.refused + 1 });
  });

  it('leaves chain state untouched after refused writes', async () => {
    await rpc(proxy.url, call('anvil_setBalance', [DEV1, '0x1']));
    await rpc(proxy.url, call('eth_sendTransaction', [{ from: DEV0, to: DEV1, value: '0xde0b6b3a7640000' }]));
    const raw = await rpc(proxy.url, call('eth_sendRawTransaction', [signedTx]));
    expect(raw.json.error.code).toBe(-32601);
    const nonce = await rpc(anvil.url, call('eth_getTransactionCount', [DEV0, 'latest']));
    expect(nonce.json.result).toBe('0x0');
    const direct = await rpc(anvil.url, call('eth_getBalance', [DEV1, 'latest']));
    expect(direct.json.result).toBe(TEN_THOUSAND_ETH);
    const block = await rpc(anvil.url, call('eth_blockNumber'));
    expect(block.json.result).toBe('0x0');
  });

  it('splits a mixed batch, keeping order and ids', async () => {
    const before = proxy.stats();
    const r = await rpc(proxy.url, [
      call('eth_getBalance', [DEV0, 'latest'], 1),
      call('anvil_setBalance', [DEV0, '0x0'], 2),
      call('eth_chainId', [], 'three'),
      call('evm_snapshot', [], 4),
      { jsonrpc: '2.0', id: 5 },
      call('eth_blockNumber', [], 6),
    ]);
    expect(r.status).toBe(200);
    expect(r.json).toHaveLength(6);
    expect(r.json[0]).toEqual({ jsonrpc: '2.0', id: 1, result: TEN_THOUSAND_ETH });
    expect(r.json[1]).toMatchObject({
      id: 2,
      error: { code: -32601, message: 'method anvil_setBalance is not available: this endpoint is read-only' },
    });
    expect(r.json[2]).toEqual({ jsonrpc: '2.0', id: 'three', result: '0x7a69' });
    expect(r.json[3]).toMatchObject({ id: 4, error: { code: -32601 } });
    expect(r.json[4]).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(r.json[5]).toEqual({ jsonrpc: '2.0', id: 6, result: '0x0' });
    expect(proxy.stats()).toEqual({ forwarded: before.forwarded + 3, refused: before.refused + 3 });
    const direct = await rpc(anvil.url, call('eth_getBalance', [DEV0, 'latest']));
    expect(direct.json.result).toBe(TEN_THOUSAND_ETH);
  });

  it('answers an all-refused batch without upstream', async () => {
    const before = proxy.stats();
    const r = await rpc(proxy.url, [call('evm_mine', [], 1), call('eth_accounts', [], 2)]);
    expect(r.json.map((x: any) => [x.id, x.error.code])).toEqual([
      [1, -32601],
      [2, -32601],
    ]);
    expect(proxy.stats().forwarded).toBe(before.forwarded);
  });

  it('rejects malformed traffic', async () => {
    const get = await rpc(proxy.url, undefined, { method: 'GET' });
    expect(get.status).toBe(405);

    const bad = await rpc(proxy.url, undefined, { rawBody: '{"jsonrpc":"2.0",' });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ id: null, error: { code: -32700 } });

    const empty = await rpc(proxy.url, []);
    expect(empty.json).toMatchObject({ error: { code: -32600 } });

    const notObject = await rpc(proxy.url, 5);
    expect(notObject.json).toMatchObject({ error: { code: -32600 } });

    const big = await rpc(proxy.url, undefined, { rawBody: JSON.stringify(call('eth_call', [{ data: `0x${'00'.repeat(600_000)}` }])) });
    expect(big.status).toBe(413);
  });

  it('refuses writes even when upstream is down, and reports reads as unavailable', async () => {
    // A port that was just free: nothing listens there.
    const tmp = http.createServer();
    await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
    const deadPort = (tmp.address() as AddressInfo).port;
    await new Promise<void>((r) => tmp.close(() => r()));

    const dead = await startReadOnlyProxy(`http://127.0.0.1:${deadPort}`);
    try {
      const refused = await rpc(dead.url, call('anvil_setBalance', [DEV0, '0x0'], 3));
      expect(refused.json.error.code).toBe(-32601);
      const read = await rpc(dead.url, call('eth_blockNumber', [], 4));
      expect(read.status).toBe(502);
      expect(read.json).toMatchObject({ id: 4, error: { code: -32603 } });
      const batch = await rpc(dead.url, [call('eth_blockNumber', [], 1), call('evm_mine', [], 2)]);
      expect(batch.json.map((x: any) => x.error.code)).toEqual([-32603, -32601]);
    } finally {
      await dead.close();
    }
  });
});

describe('the router: one port, a route per node', () => {
  it('sends each route to its own node, refuses unknown and closed routes, and answers the warm-up path', async () => {
    const other = await startTestAnvil();
    const router = await startProxyRouter();
    try {
      const a = router.route(anvil.url);
      const b = router.route(other.url);
      expect(new URL(a.url).port).toBe(String(router.port));
      expect(a.url).not.toBe(b.url);
      // Unguessable paths: 128 random bits each.
      expect(new URL(a.url).pathname).toMatch(/^\/[0-9a-f]{32}$/);
      await rpc(other.url, call('anvil_setBalance', [DEV1, '0x1234']));
      const viaA = await rpc(a.url, call('eth_getBalance', [DEV1, 'latest']));
      const viaB = await rpc(b.url, call('eth_getBalance', [DEV1, 'latest']));
      expect(viaB.json.result).toBe('0x1234');
      expect(viaA.json.result).not.toBe('0x1234');
      // Read-only on every route.
      expect((await rpc(b.url, call('anvil_setBalance', [DEV1, '0x1']))).json.error.code).toBe(-32601);
      expect((await rpc(`http://127.0.0.1:${router.port}/${'0'.repeat(32)}`, call('eth_chainId'))).status).toBe(404);
      expect((await rpc(`http://127.0.0.1:${router.port}/`, call('eth_chainId'))).status).toBe(404);
      const warm = await rpc(`http://127.0.0.1:${router.port}/__warm`, []);
      expect(warm).toMatchObject({ status: 200, json: [] });
      b.close();
      expect((await rpc(b.url, call('eth_chainId'))).status).toBe(404);
      expect(b.stats().forwarded).toBeGreaterThanOrEqual(1);
    } finally {
      await router.close();
      await other.stop();
    }
  });
});
