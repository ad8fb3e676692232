import { Interface } from 'ethers';

type Params = { id: number; spender: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const nft = new Interface(['function approve(address to, uint256 tokenId)']);
  return { to: deployedContracts.pancake_squad!, data: nft.encodeFunctionData('approve', [PARAMS.spender, BigInt(PARAMS.id)]) };
}
