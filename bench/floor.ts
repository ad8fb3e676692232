// Section 1: the raw chain work of one atomic instance, done directly against an anvil started from
// the mirror, with no harness in between. Whatever the harness spends above this is its overhead.
import '../src/polyfills.ts';
import { randomBytes } from 'node:crypto';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, type Address, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../src/chain/mirror-files.ts';
import { provisionAgent } from '../src/chain/provision.ts';
import { chainClients } from '../src/chain/rpc.ts';
import { envMapFrom } from '../src/chain/session.ts';
import { readHoldings } from '../src/composite/feedback.ts';
import { onCleanup } from './cleanup.ts';
import { cpuDelta, cpuSnapshot } from './cpu.ts';
import { summarize, type Summary } from './stats.ts';

export interface FloorResult {
  iterations: number;
  /** One full instance's chain work (sequential reads, as validators do them). */
  total: Summary;
  steps: { revertSnapshot: Summary; preReads: Summary; signSend: Summary; postReads: Summary };
  /** The same work with each side's reads in one JSON-RPC batch (an optimisation data point). */
  batchedTotal: Summary;
  batchedReads: Summary;
  startMs: number;
  /** CPU ms per instance (mean over both variants): this process and anvil. */
  cpuPerInstance: Record<string, number>;
  /** The composite feedback's readHoldings (12 parallel reads) with the harness's transport, and with viem's JSON-RPC batching on. */
  holdings: { plain: Summary; batched: Summary };
}

type RpcCall = { method: string; params: unknown[] };

/** Minimal JSON-RPC over keep-alive fetch: the cheapest client the harness could have. */
function rpcClient(url: string) {
  let id = 0;
  const post = async (body: unknown) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json() as Promise<unknown>;
  };
  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const r = (await post({ jsonrpc: '2.0', id: ++id, method, params })) as { result?: T; error?: { message: string } };
      if (r.error) throw new Error(`${method}: ${r.error.message}`);
      return r.result as T;
    },
    async batch(calls: RpcCall[]): Promise<unknown[]> {
      const base = id;
      const r = (await post(calls.map((c, i) => ({ jsonrpc: '2.0', id: base + i + 1, ...c })))) as {
        id: number;
        result?: unknown;
        error?: { message: string };
      }[];
      id += calls.length;
      const byId = new Map(r.map((x) => [x.id, x]));
      return calls.map((c, i) => {
        const x = byId.get(base + i + 1);
        if (!x || x.error) throw new Error(`${c.method}: ${x?.error?.message ?? 'no reply'}`);
        return x.result;
      });
    },
  };
}

export async function measureFloor(opts: { iterations: number; warmup: number }): Promise<FloorResult> {
  let node: RunningAnvil | undefined;
  const release = onCleanup(() => node?.stop());
  try {
    const t0 = performance.now();
    node = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
    const startMs = performance.now() - t0;
    const manifest = loadMirrorManifest();
    const account = privateKeyToAccount(generatePrivateKey());
    // Setup (not timed): the same starting holdings the harness gives its agent.
    await provisionAgent(chainClients(node.url), account.address, `0x${randomBytes(32).toString('hex')}` as Hex, manifest);

    const rpc = rpcClient(node.url);
    const usdt = manifest.tokens.USDT as Address;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const balanceOf = (who: Address): RpcCall => ({
      method: 'eth_call',
      params: [{ to: usdt, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [who] }) }, 'latest'],
    });
    const reads: RpcCall[] = [balanceOf(account.address), balanceOf(to), { method: 'eth_getBalance', params: [account.address, 'latest'] }];
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseEther('1')] });
    // After every revert the nonce is the snapshot's, so it is read once here, like a cached nonce.
    const nonce = Number(await rpc.call<Hex>('eth_getTransactionCount', [account.address, 'latest']));
    let snapshot = await rpc.call<Hex>('evm_snapshot');

    const one = async (batched: boolean) => {
      const a = performance.now();
      const ok = await rpc.call<boolean>('evm_revert', [snapshot]);
      if (!ok) throw new Error('evm_revert returned false');
      snapshot = await rpc.call<Hex>('evm_snapshot');
      const b = performance.now();
      const pre = batched
        ? await rpc.batch(reads)
        : [
            await rpc.call(reads[0]!.method, reads[0]!.params),
            await rpc.call(reads[1]!.method, reads[1]!.params),
            await rpc.call(reads[2]!.method, reads[2]!.params),
          ];
      const c = performance.now();
      const raw = await account.signTransaction({
        chainId: 56,
        nonce,
        to: usdt,
        data,
        gas: 100_000n,
        maxFeePerGas: 100_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
        type: 'eip1559',
      });
      const receipt = await rpc.call<{ status: Hex }>('eth_sendRawTransactionSync', [raw]);
      if (receipt.status !== '0x1') throw new Error('floor transfer reverted');
      const d = performance.now();
      const post = batched
        ? await rpc.batch(reads)
        : [
            await rpc.call(reads[0]!.method, reads[0]!.params),
            await rpc.call(reads[1]!.method, reads[1]!.params),
            await rpc.call(reads[2]!.method, reads[2]!.params),
          ];
      const e = performance.now();
      if (BigInt(post[1] as Hex) - BigInt(pre[1] as Hex) !== parseEther('1')) throw new Error('floor transfer moved the wrong amount');
      return { revertSnapshot: b - a, preReads: c - b, signSend: d - c, postReads: e - d, total: e - a };
    };

    for (let i = 0; i < opts.warmup; i++) {
      await one(false);
      await one(true);
    }
    const seq: Awaited<ReturnType<typeof one>>[] = [];
    const bat: Awaited<ReturnType<typeof one>>[] = [];
    const cpu0 = cpuSnapshot();
    // Interleaved so drift on a shared machine hits both variants alike.
    for (let i = 0; i < opts.iterations; i++) {
      seq.push(await one(false));
      bat.push(await one(true));
    }
    const cpu = cpuDelta(cpu0, cpuSnapshot());

    // Same reads, same node: only the transport differs (src/chain/rpc.ts uses http() without batch).
    const env = envMapFrom(manifest, account.address);
    const plainClient = chainClients(node.url).public;
    const batchedClient = createPublicClient({ transport: http(node.url, { batch: true, retryCount: 0 }), cacheTime: 0 }) as PublicClient;
    const plainMs: number[] = [];
    const batchedMs: number[] = [];
    for (let i = 0; i < opts.warmup + opts.iterations; i++) {
      const a = performance.now();
      const h1 = await readHoldings(plainClient, env, account.address);
      const b = performance.now();
      const h2 = await readHoldings(batchedClient, env, account.address);
      const c = performance.now();
      if (h1.size !== h2.size || [...h1].some(([k, v]) => h2.get(k)?.amount !== v.amount)) throw new Error('batched holdings differ');
      if (i >= opts.warmup) {
        plainMs.push(b - a);
        batchedMs.push(c - b);
      }
    }
    return {
      iterations: opts.iterations,
      total: summarize(seq.map((s) => s.total)),
      steps: {
        revertSnapshot: summarize(seq.map((s) => s.revertSnapshot)),
        preReads: summarize(seq.map((s) => s.preReads)),
        signSend: summarize(seq.map((s) => s.signSend)),
        postReads: summarize(seq.map((s) => s.postReads)),
      },
      batchedTotal: summarize(bat.map((s) => s.total)),
      batchedReads: summarize(bat.map((s) => s.preReads + s.postReads)),
      startMs,
      cpuPerInstance: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v / (2 * opts.iterations)])),
      holdings: { plain: summarize(plainMs), batched: summarize(batchedMs) },
    };
  } finally {
    await node?.stop().catch(() => {});
    release();
  }
}
