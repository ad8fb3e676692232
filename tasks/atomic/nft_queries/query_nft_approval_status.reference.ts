import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_nft_approval_status'>;

export async function executeSkill(
  providerUrl: string,
  _agentAddress: string,
  deployedContracts: TaskContracts<'query_nft_approval_status'>,
) {
  const nft = new Contract(
    deployedContracts.erc721_token,
    ['function getApproved(uint256 tokenId) view returns (address)'],
    new JsonRpcProvider(providerUrl),
  );
  const approved: string = await nft.getFunction('getApproved')(BigInt(PARAMS.id));
  return { answer: approved };
}
