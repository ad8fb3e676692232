import { Interface, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'stake_lp_tokens'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'stake_lp_tokens'>) {
  const staking = new Interface(['function stake(uint256 amount)']);
  // Pair tokens have 18 decimals; the LP staking contract is already approved by the wallet.
  return { to: deployedContracts.simple_lp_staking, data: staking.encodeFunctionData('stake', [parseUnits(PARAMS.amount, 18)]) };
}
