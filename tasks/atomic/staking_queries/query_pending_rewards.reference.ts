import { createPublicClient, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_pending_rewards'>;

const POOL = parseAbi(['function pendingReward(address user) view returns (uint256)']);

export async function executeSkill(providerUrl: string, _agentAddress: Address, deployedContracts: TaskContracts<'query_pending_rewards'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const pending = await client.readContract({
    address: deployedContracts.simple_reward_pool,
    abi: POOL,
    functionName: 'pendingReward',
    args: [PARAMS.address],
    blockTag: 'latest',
  });
  return { answer: pending.toString() };
}
