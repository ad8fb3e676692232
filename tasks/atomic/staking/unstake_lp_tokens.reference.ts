import { Interface, parseUnits } from 'ethers';

type Params = { amount: string; pool: string; lp: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const pool = new Interface(['function withdraw(uint256 amount)']);
  return { to: deployedContracts.simple_reward_pool!, data: pool.encodeFunctionData('withdraw', [parseUnits(PARAMS.amount, 18)]) };
}
