import { Interface } from 'ethers';

type Params = { operator: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const nft = new Interface(['function setApprovalForAll(address operator, bool approved)']);
  return { to: deployedContracts.pancake_squad!, data: nft.encodeFunctionData('setApprovalForAll', [PARAMS.operator, true]) };
}
