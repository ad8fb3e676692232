import { numberToHex, type Address, type Hex } from 'viem';
import { MARKER_ADDRESS } from '../chain/addresses.ts';

export class UnsafeNodeError extends Error {}

interface RpcReply {
  id: number;
  result?: unknown;
  error?: { message?: string; data?: unknown };
}

export interface Preflight {
  nonce: number;
  baseFeePerGas: bigint;
  /** The node's gas estimate, or why it could not make one (the transaction would revert). */
  estimate?: { gas: bigint } | { error: string };
}

/**
 * Everything the harness asks the node before signing, in one batched round trip: that the node is
 * the anvil this run started (anvil client, the expected chain id, the run's secret marker in
 * storage), the agent's nonce, the head block's base fee, and, when the script gave no gas limit, a
 * gas estimate. Throws UnsafeNodeError unless the node is ours.
 */
export async function preflight(
  url: string,
  expected: { chainId: number; marker: Hex },
  tx: { from: Address; to: Address; data: Hex; value: bigint; estimate: boolean },
): Promise<Preflight> {
  const body = [
    { jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] },
    { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    { jsonrpc: '2.0', id: 3, method: 'eth_getStorageAt', params: [MARKER_ADDRESS, '0x0', 'latest'] },
    { jsonrpc: '2.0', id: 4, method: 'eth_getTransactionCount', params: [tx.from, 'latest'] },
    { jsonrpc: '2.0', id: 5, method: 'eth_getBlockByNumber', params: ['latest', false] },
    ...(tx.estimate
      ? [{ jsonrpc: '2.0', id: 6, method: 'eth_estimateGas', params: [{ from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value) }] }]
      : []),
  ];
  let replies: RpcReply[];
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    replies = (await res.json()) as RpcReply[];
    if (!Array.isArray(replies)) throw new Error('the node did not answer the batch');
  } catch (e) {
    throw new UnsafeNodeError(`cannot verify the node at ${url} before signing: ${(e as Error).message}`);
  }
  const reply = (id: number) => replies.find((r) => r.id === id);
  const get = (id: number) => reply(id)?.result as string | undefined;
  const client = get(1) ?? '';
  if (!client.toLowerCase().startsWith('anvil/')) throw new UnsafeNodeError(`refusing to sign: ${url} is "${client}", not anvil`);
  if (Number(get(2)) !== expected.chainId) throw new UnsafeNodeError(`refusing to sign: chain id ${get(2)} is not ${expected.chainId}`);
  if ((get(3) ?? '').toLowerCase() !== expected.marker.toLowerCase()) {
    throw new UnsafeNodeError(`refusing to sign: ${url} does not carry this run's marker (not the anvil the harness started)`);
  }
  const nonce = get(4);
  const block = reply(5)?.result as { baseFeePerGas?: string } | undefined;
  if (nonce === undefined || !block) throw new Error(`the node did not report the nonce or the head block: ${JSON.stringify(replies.filter((r) => r.error))}`);
  const est = reply(6);
  return {
    nonce: Number(nonce),
    baseFeePerGas: BigInt(block.baseFeePerGas ?? 0),
    ...(tx.estimate ? { estimate: est?.result !== undefined ? { gas: BigInt(est.result as string) } : { error: (est?.error?.message ?? 'no estimate').split('\n')[0]! } } : {}),
  };
}
