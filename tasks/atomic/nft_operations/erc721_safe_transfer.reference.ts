import { encodeFunctionData, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc721_safe_transfer'>;

const NFT = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']);

export async function executeSkill(_providerUrl: string, agentAddress: Address, deployedContracts: TaskContracts<'erc721_safe_transfer'>) {
  const data = encodeFunctionData({ abi: NFT, functionName: 'safeTransferFrom', args: [agentAddress, PARAMS.to, BigInt(PARAMS.id)] });
  return { to: deployedContracts.pancake_squad, data };
}
