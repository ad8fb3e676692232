import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_nft_balance'>;

export async function executeSkill(providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'query_nft_balance'>) {
  const nft = new Contract(
    deployedContracts.erc721_token,
    ['function balanceOf(address owner) view returns (uint256)'],
    new JsonRpcProvider(providerUrl),
  );
  const count: bigint = await nft.getFunction('balanceOf')(PARAMS.address);
  return { answer: Number(count) };
}
