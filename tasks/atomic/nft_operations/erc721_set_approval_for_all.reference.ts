import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc721_set_approval_for_all'>;

export async function executeSkill(
  _providerUrl: string,
  _agentAddress: string,
  deployedContracts: TaskContracts<'erc721_set_approval_for_all'>,
) {
  const nft = new Interface(['function setApprovalForAll(address operator, bool approved)']);
  return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('setApprovalForAll', [PARAMS.operator, true]) };
}
