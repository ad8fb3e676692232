import { platformFees } from '../chain/platform-fees.ts';
import { formatTransactionReceipt, type Hex, type PrivateKeyAccount, type RpcTransactionReceipt, type TransactionReceipt } from 'viem';
import type { ChainClients } from '../chain/rpc.ts';
import type { SentTransaction } from '../validators/types.ts';
import { preflight } from './node-guard.ts';
import type { NormalizedTx } from './tx-request.ts';

export const MAX_GAS = 30_000_000n;
/** Gas for a transaction whose estimate reverted: it still gets mined, so the revert is on the record. */
const GAS_WHEN_ESTIMATE_FAILS = 1_000_000n;

export type SendResult =
  | { kind: 'mined'; tx: SentTransaction; receipt: TransactionReceipt; revertReason?: string }
  | { kind: 'rejected'; message: string };

export interface SendOptions {
  chainId: number;
  marker: Hex;
}

function errorText(e: unknown): string {
  const err = e as { details?: string; shortMessage?: string; message?: string };
  return (err.details || err.shortMessage || err.message || String(e)).split('\n')[0]!;
}

export { platformFees };

/**
 * Signs with the agent key (nonce and chain id from the node, gas estimated with a margin when the
 * script gave none) and sends synchronously, so the receipt arrives with the reply.
 */
export async function signAndSend(
  chain: ChainClients,
  account: PrivateKeyAccount,
  tx: NormalizedTx,
  opts: SendOptions,
): Promise<SendResult> {
  if (tx.gas !== undefined && (tx.gas > MAX_GAS || tx.gas < 21_000n)) {
    return { kind: 'rejected', message: `gas limit ${tx.gas} is outside [21000, ${MAX_GAS}]` };
  }
  // One round trip: node guard, nonce, base fee and (without a gas limit) the estimate.
  const pre = await preflight(chain.url, opts, {
    from: account.address,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    estimate: tx.gas === undefined,
  });
  const nonce = pre.nonce;
  let revertReason: string | undefined;
  let gas = tx.gas;
  if (gas === undefined) {
    if (pre.estimate && 'gas' in pre.estimate) {
      const est = pre.estimate.gas;
      // Estimates taken at the head block can miss storage writes a new timestamp triggers
      // (e.g. a pair's price accumulators), so the margin is generous; unused gas is refunded.
      gas = est + est / 2n + 50_000n;
      if (gas > MAX_GAS) gas = MAX_GAS;
    } else {
      revertReason = pre.estimate && 'error' in pre.estimate ? pre.estimate.error : 'execution reverted';
      gas = GAS_WHEN_ESTIMATE_FAILS;
    }
  }
  const base = pre.baseFeePerGas;
  const fees =
    tx.gasPrice !== undefined && tx.maxFeePerGas === undefined
      ? ({ type: 'legacy', gasPrice: tx.gasPrice } as const)
      : ({
          type: 'eip1559',
          maxFeePerGas: tx.maxFeePerGas ?? platformFees(base).maxFeePerGas,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? (tx.maxFeePerGas !== undefined ? 0n : platformFees(base).maxPriorityFeePerGas),
        } as const);
  const raw = await account.signTransaction({
    chainId: opts.chainId,
    nonce,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gas,
    ...fees,
  });
  let rpcReceipt: RpcTransactionReceipt;
  try {
    rpcReceipt = await chain.request<RpcTransactionReceipt>('eth_sendRawTransactionSync', [raw]);
  } catch (e) {
    return { kind: 'rejected', message: `the node rejected the transaction: ${errorText(e)}` };
  }
  const receipt = formatTransactionReceipt(rpcReceipt);
  return {
    kind: 'mined',
    tx: { from: account.address, to: tx.to, data: tx.data, value: tx.value, gas },
    receipt,
    ...(receipt.status === 'reverted' ? { revertReason: revertReason ?? 'execution reverted' } : {}),
  };
}
