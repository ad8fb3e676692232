import { JsonRpcProvider } from 'ethers';

type Params = { address: string; planted: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const balance = await provider.getBalance(PARAMS.address);
  return { answer: balance.toString() };
}
