import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc721_approve'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'erc721_approve'>) {
  const nft = new Interface(['function approve(address to, uint256 tokenId)']);
  return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('approve', [PARAMS.spender, BigInt(PARAMS.id)]) };
}
