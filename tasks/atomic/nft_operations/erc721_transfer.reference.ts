import { Interface } from 'ethers';

type Params = { id: number; to: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {
  const nft = new Interface(['function transferFrom(address from, address to, uint256 tokenId)']);
  return { to: deployedContracts.erc721_token!, data: nft.encodeFunctionData('transferFrom', [agentAddress, PARAMS.to, BigInt(PARAMS.id)]) };
}
