import { Interface, parseEther } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'wbnb_deposit'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const wbnb = new Interface(['function deposit() payable']);
  return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(PARAMS.amount) };
}
