import { encodeDeployData, getAddress, type Abi, type Address, type Hex } from 'viem';
import type { ChainClients } from './rpc.ts';

interface PrestateDiff {
  post: Record<string, { storage?: Record<Hex, Hex> }>;
}

/**
 * Deploys a contract normally, then moves its runtime code and the storage its constructor wrote to
 * `target`. That is how the mirror gets real contracts at canonical BSC addresses; immutables travel
 * inside the code, constructor-written state in the copied slots.
 */
export async function placeContract(
  chain: ChainClients,
  from: Address,
  target: Address,
  artifact: { abi: Abi | readonly unknown[]; bytecode: Hex },
  args: readonly unknown[] = [],
): Promise<void> {
  const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args: args as never });
  const hash = await chain.request<Hex>('eth_sendTransaction', [{ from, data, gas: '0x1c9c380' }]);
  const receipt = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying the contract for ${target} reverted`);
  const temp = getAddress(receipt.contractAddress);
  const diff = await chain.request<PrestateDiff>('debug_traceTransaction', [
    hash,
    { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
  ]);
  const written = Object.entries(diff.post).find(([addr]) => getAddress(addr) === temp)?.[1]?.storage ?? {};
  const code = await chain.public.getCode({ address: temp });
  if (!code) throw new Error(`no code at ${temp} after deployment`);
  await chain.test.setCode({ address: target, bytecode: code });
  for (const [slot, value] of Object.entries(written)) {
    await chain.test.setStorageAt({ address: target, index: slot as Hex, value });
    await chain.test.setStorageAt({ address: temp, index: slot as Hex, value: `0x${'0'.repeat(64)}` });
  }
  await chain.test.setCode({ address: temp, bytecode: '0x' });
}
