import { createPublicClient, encodeFunctionData, http, parseAbi } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'contract_delegate_call'>;

const STORE = parseAbi(['function setValue(uint256 newValue)', 'function implementation() view returns (address)']);

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  // Confirm the proxy really delegates to the stated implementation before writing through it.
  const impl = await client.readContract({ address: PARAMS.proxy, abi: STORE, functionName: 'implementation' });
  if (impl.toLowerCase() !== PARAMS.implementation.toLowerCase()) throw new Error(`proxy points at ${impl}`);
  return { to: PARAMS.proxy, data: encodeFunctionData({ abi: STORE, functionName: 'setValue', args: [BigInt(PARAMS.value)] }) };
}
