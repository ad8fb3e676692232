import { Interface, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'unstake_lp_tokens'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'unstake_lp_tokens'>) {
  const pool = new Interface(['function withdraw(uint256 amount)']);
  return { to: deployedContracts.simple_reward_pool, data: pool.encodeFunctionData('withdraw', [parseUnits(PARAMS.amount, 18)]) };
}
