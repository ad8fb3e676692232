import { JsonRpcProvider } from 'ethers';

type Params = { mined: number };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  return { answer: String(await provider.getBlockNumber()) };
}
