import { Interface, parseUnits } from 'ethers';

type Params = { amount: string; pool: string; lp: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const staking = new Interface(['function stake(uint256 amount)']);
  // Pair tokens have 18 decimals; the LP staking contract is already approved by the wallet.
  return { to: deployedContracts.simple_lp_staking!, data: staking.encodeFunctionData('stake', [parseUnits(PARAMS.amount, 18)]) };
}
