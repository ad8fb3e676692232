import { Interface } from 'ethers';

type Params = { pool: string; lp: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const pool = new Interface(['function emergencyWithdraw()']);
  return { to: deployedContracts.simple_reward_pool!, data: pool.encodeFunctionData('emergencyWithdraw', []) };
}
