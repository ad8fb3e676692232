import { Interface } from 'ethers';

type Params = { id: number; amount: number; to: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {
  const multi = new Interface(['function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)']);
  const data = multi.encodeFunctionData('safeTransferFrom', [agentAddress, PARAMS.to, BigInt(PARAMS.id), BigInt(PARAMS.amount), '0x']);
  return { to: deployedContracts.erc1155_token!, data };
}
