import type { Address, Hex } from 'viem';
import { QuestError } from '../errors.ts';
import type { ChainClients } from './rpc.ts';

/**
 * Sends a transaction as any account through anvil impersonation (harness-side only: setup and
 * provisioning), waiting for the receipt in the same round trip.
 */
export async function sendAs(chain: ChainClients, from: Address, to: Address, data: Hex, value = 0n, gas = 1_000_000n): Promise<void> {
  await chain.test.impersonateAccount({ address: from });
  try {
    const receipt = await chain.request<{ status: Hex }>('eth_sendTransactionSync', [
      { from, to, data, value: `0x${value.toString(16)}`, gas: `0x${gas.toString(16)}` },
    ]);
    if (receipt.status !== '0x1') {
      throw new QuestError('SETUP_REVERTED', `setup transaction from ${from} to ${to} reverted`, {
        hint: 'check the call, its sender and what the sender holds at that point of the setup',
      });
    }
  } finally {
    await chain.test.stopImpersonatingAccount({ address: from });
  }
}
