import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_transfer_max_amount'>;

export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const balance = await client.readContract({
    address: PARAMS.token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [agentAddress],
  });
  return { to: PARAMS.token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, balance] }) };
}
