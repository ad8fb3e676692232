import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_nft_owner'>;

export async function executeSkill(providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'query_nft_owner'>) {
  const nft = new Contract(
    deployedContracts.erc721_token,
    ['function ownerOf(uint256 tokenId) view returns (address)'],
    new JsonRpcProvider(providerUrl),
  );
  const owner: string = await nft.getFunction('ownerOf')(BigInt(PARAMS.id));
  return { answer: owner };
}
