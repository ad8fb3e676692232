import type { Hex } from 'viem';
import { MARKER_ADDRESS } from '../chain/addresses.ts';

export class UnsafeNodeError extends Error {}

/**
 * Refuses to sign for a node that is not the anvil this run started: anvil client, the expected chain
 * id, and the run's secret marker in storage. Checked before every send, in one batched round trip.
 */
export async function assertOwnAnvil(url: string, expected: { chainId: number; marker: Hex }): Promise<void> {
  const body = [
    { jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] },
    { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    { jsonrpc: '2.0', id: 3, method: 'eth_getStorageAt', params: [MARKER_ADDRESS, '0x0', 'latest'] },
  ];
  let replies: { id: number; result?: string }[];
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    replies = (await res.json()) as typeof replies;
  } catch (e) {
    throw new UnsafeNodeError(`cannot verify the node at ${url} before signing: ${(e as Error).message}`);
  }
  const get = (id: number) => replies.find((r) => r.id === id)?.result;
  const client = get(1) ?? '';
  if (!client.toLowerCase().startsWith('anvil/')) throw new UnsafeNodeError(`refusing to sign: ${url} is "${client}", not anvil`);
  if (Number(get(2)) !== expected.chainId) throw new UnsafeNodeError(`refusing to sign: chain id ${get(2)} is not ${expected.chainId}`);
  if ((get(3) ?? '').toLowerCase() !== expected.marker.toLowerCase()) {
    throw new UnsafeNodeError(`refusing to sign: ${url} does not carry this run's marker (not the anvil the harness started)`);
  }
}
