import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_staked_amount'>;

export async function executeSkill(providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'query_staked_amount'>) {
  const provider = new JsonRpcProvider(providerUrl);
  const staking = new Contract(deployedContracts.simple_staking, ['function stakedOf(address) view returns (uint256)'], provider);
  const staked: bigint = await staking.getFunction('stakedOf')(PARAMS.address);
  return { answer: staked.toString() };
}
