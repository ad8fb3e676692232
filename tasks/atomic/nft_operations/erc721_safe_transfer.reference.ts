import { encodeFunctionData, parseAbi, type Address } from 'viem';

type Params = { id: number; to: Address };
declare const PARAMS: Params;

const NFT = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']);

export async function executeSkill(_providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const data = encodeFunctionData({ abi: NFT, functionName: 'safeTransferFrom', args: [agentAddress, PARAMS.to, BigInt(PARAMS.id)] });
  return { to: deployedContracts.pancake_squad!, data };
}
