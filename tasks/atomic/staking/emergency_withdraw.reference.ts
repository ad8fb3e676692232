import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'emergency_withdraw'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'emergency_withdraw'>) {
  const pool = new Interface(['function emergencyWithdraw()']);
  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('emergencyWithdraw', []) };
}
