import type { Hex } from 'viem';
import type { ChainClients } from '../../src/chain/rpc.ts';

/**
 * Marks the chain's state so two runs can start from it, as the harness runs the reference and then
 * the model from one pre-state: rewind() reverts to the mark (and marks again, for the next run) and
 * puts back the next block's base fee, which evm_revert does not restore.
 */
export async function checkpoint(chain: ChainClients): Promise<{ rewind(): Promise<void> }> {
  const pending = await chain.public.getBlock({ blockTag: 'pending' });
  const fee = pending.baseFeePerGas;
  let snapshot = await chain.request<Hex>('evm_snapshot');
  return {
    async rewind() {
      await chain.request('evm_revert', [snapshot]);
      snapshot = await chain.request<Hex>('evm_snapshot');
      if (fee !== null && fee !== undefined) await chain.request('anvil_setNextBlockBaseFeePerGas', [`0x${fee.toString(16)}`]);
    },
  };
}
