import { numberToHex, type Address, type Hex } from 'viem';
import { MARKER_ADDRESS } from '../chain/addresses.ts';
import { QuestError } from '../errors.ts';
import { rpcBatch, type RpcBatch } from '../chain/rpc.ts';

/** The node is not the anvil this run started, or cannot be checked: nothing is signed. */
export class UnsafeNodeError extends QuestError {
  override name = 'UnsafeNodeError';
  constructor(message: string, hint?: string) {
    super('UNSAFE_NODE', message, { hint });
  }
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
  const calls = [
    { method: 'web3_clientVersion', params: [] },
    { method: 'eth_chainId', params: [] },
    { method: 'eth_getStorageAt', params: [MARKER_ADDRESS, '0x0', 'latest'] },
    { method: 'eth_getTransactionCount', params: [tx.from, 'latest'] },
    { method: 'eth_getBlockByNumber', params: ['latest', false] },
    ...(tx.estimate
      ? [{ method: 'eth_estimateGas', params: [{ from: tx.from, to: tx.to, data: tx.data, value: numberToHex(tx.value) }] }]
      : []),
  ];
  let batch: RpcBatch;
  try {
    batch = await rpcBatch(url, calls);
  } catch (e) {
    throw new UnsafeNodeError(`cannot verify the node at ${url} before signing: ${(e as Error).message}`);
  }
  const { replies, reply } = batch;
  const get = (id: number) => reply(id)?.result as string | undefined;
  const client = get(1) ?? '';
  if (!client.toLowerCase().startsWith('anvil/')) throw new UnsafeNodeError(`refusing to sign: ${url} is "${client}", not anvil`);
  if (Number(get(2)) !== expected.chainId) throw new UnsafeNodeError(`refusing to sign: chain id ${get(2)} is not ${expected.chainId}`);
  if ((get(3) ?? '').toLowerCase() !== expected.marker.toLowerCase()) {
    throw new UnsafeNodeError(`refusing to sign: ${url} does not carry this run's marker (not the anvil the harness started)`);
  }
  const nonce = get(4);
  const block = reply(5)?.result as { baseFeePerGas?: string } | undefined;
  if (nonce === undefined || !block)
    throw new Error(`the node did not report the nonce or the head block: ${JSON.stringify(replies.filter((r) => r.error))}`);
  const est = reply(6);
  return {
    nonce: Number(nonce),
    baseFeePerGas: BigInt(block.baseFeePerGas ?? 0),
    ...(tx.estimate
      ? {
          estimate:
            est?.result !== undefined
              ? { gas: BigInt(est.result as string) }
              : { error: (est?.error?.message ?? 'no estimate').split('\n')[0]! },
        }
      : {}),
  };
}
