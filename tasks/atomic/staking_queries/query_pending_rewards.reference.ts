import { createPublicClient, http, parseAbi, type Address } from 'viem';

type Params = { address: Address; planted: string; elapsed: number };
declare const PARAMS: Params;

const POOL = parseAbi(['function pendingReward(address user) view returns (uint256)']);

export async function executeSkill(providerUrl: string, _agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const pending = await client.readContract({ address: deployedContracts.simple_reward_pool!, abi: POOL, functionName: 'pendingReward', args: [PARAMS.address], blockTag: 'latest' });
  return { answer: pending.toString() };
}
