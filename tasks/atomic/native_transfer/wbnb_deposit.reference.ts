import { Interface, parseEther } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'wbnb_deposit'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'wbnb_deposit'>) {
  const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(PARAMS.amount) };
}
