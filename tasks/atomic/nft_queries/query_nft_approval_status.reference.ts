import { Contract, JsonRpcProvider } from 'ethers';

type Params = { id: number; approved: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const nft = new Contract(deployedContracts.erc721_token!, ['function getApproved(uint256 tokenId) view returns (address)'], new JsonRpcProvider(providerUrl));
  const approved: string = await nft.getFunction('getApproved')(BigInt(PARAMS.id));
  return { answer: approved };
}
