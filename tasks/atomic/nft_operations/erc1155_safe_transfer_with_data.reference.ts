import { encodeFunctionData, parseAbi, stringToHex, type Address } from 'viem';

type Params = { id: number; amount: number; to: Address; note: { text: string } };
declare const PARAMS: Params;

const MULTI = parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)']);

export async function executeSkill(_providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const data = encodeFunctionData({
    abi: MULTI,
    functionName: 'safeTransferFrom',
    args: [agentAddress, PARAMS.to, BigInt(PARAMS.id), BigInt(PARAMS.amount), stringToHex(PARAMS.note.text)],
  });
  return { to: deployedContracts.erc1155_token!, data };
}
