import { parseEther } from 'ethers';

type Params = { to: string; amount: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string) {
  return { to: PARAMS.to, value: parseEther(PARAMS.amount) };
}
