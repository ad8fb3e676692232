import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'harvest_rewards'>;

const POOL = parseAbi(['function pendingReward(address user) view returns (uint256)', 'function harvest()']);

export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: TaskContracts<'harvest_rewards'>) {
  const pool = deployedContracts.simple_reward_pool;
  const client = createPublicClient({ transport: http(providerUrl) });
  const pending = await client.readContract({ address: pool, abi: POOL, functionName: 'pendingReward', args: [agentAddress] });
  // harvest() reverts when nothing is owed; there is always something here, but say so plainly if not.
  if (pending === 0n) throw new Error('no CAKE rewards are pending');
  return { to: pool, data: encodeFunctionData({ abi: POOL, functionName: 'harvest' }) };
}
