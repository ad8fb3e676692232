import { JsonRpcProvider } from 'ethers';

type Params = { to: string; percent: number };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string, agentAddress: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const balance = await provider.getBalance(agentAddress);
  return { to: PARAMS.to, value: (balance * BigInt(PARAMS.percent)) / 100n };
}
