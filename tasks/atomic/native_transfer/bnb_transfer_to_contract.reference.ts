import { parseEther } from 'ethers';

type Params = { contract: string; amount: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string, deployedContracts: Record<string, string>) {
  // No calldata: a bare value transfer lands in WBNB's receive(), which wraps it.
  return { to: deployedContracts.WBNB, value: parseEther(PARAMS.amount) };
}
