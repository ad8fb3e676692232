import { encodeFunctionData, parseAbi, stringToHex, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'erc1155_safe_transfer_with_data'>;

const MULTI = parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)']);

export async function executeSkill(
  _providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'erc1155_safe_transfer_with_data'>,
) {
  const data = encodeFunctionData({
    abi: MULTI,
    functionName: 'safeTransferFrom',
    args: [agentAddress, PARAMS.to, BigInt(PARAMS.id), BigInt(PARAMS.amount), stringToHex(PARAMS.note.text)],
  });
  return { to: deployedContracts.erc1155_token, data };
}
