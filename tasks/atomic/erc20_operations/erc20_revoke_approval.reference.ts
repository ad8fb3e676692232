import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_revoke_approval'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'erc20_revoke_approval'>) {
  const token = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  // Revoking is an approval of zero.
  return { to: deployedContracts.USDT, data: token.encodeFunctionData('approve', [PARAMS.spender.address, 0n]) };
}
