import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc721_transfer'>;

export async function executeSkill(_providerUrl: string, agentAddress: string, deployedContracts: TaskContracts<'erc721_transfer'>) {
  const nft = new Interface(['function transferFrom(address from, address to, uint256 tokenId)']);
  return {
    to: deployedContracts.erc721_token,
    data: nft.encodeFunctionData('transferFrom', [agentAddress, PARAMS.to, BigInt(PARAMS.id)]),
  };
}
