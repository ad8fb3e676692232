import { Interface } from 'ethers';

type Params = { spender: { name: string; address: string } };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  const token = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  // Revoking is an approval of zero.
  return { to: deployedContracts.USDT, data: token.encodeFunctionData('approve', [PARAMS.spender.address, 0n]) };
}
