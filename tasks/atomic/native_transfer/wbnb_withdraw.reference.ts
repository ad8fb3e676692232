import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'wbnb_withdraw'>;

const WBNB = parseAbi(['function withdraw(uint256 wad)']);

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'wbnb_withdraw'>) {
  return {
    to: deployedContracts.WBNB,
    data: encodeFunctionData({ abi: WBNB, functionName: 'withdraw', args: [parseEther(PARAMS.amount)] }),
  };
}
