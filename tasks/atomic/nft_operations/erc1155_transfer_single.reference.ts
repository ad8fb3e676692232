import { Interface } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc1155_transfer_single'>;

export async function executeSkill(
  _providerUrl: string,
  agentAddress: string,
  deployedContracts: TaskContracts<'erc1155_transfer_single'>,
) {
  const multi = new Interface(['function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)']);
  const data = multi.encodeFunctionData('safeTransferFrom', [agentAddress, PARAMS.to, BigInt(PARAMS.id), BigInt(PARAMS.amount), '0x']);
  return { to: deployedContracts.erc1155_token, data };
}
