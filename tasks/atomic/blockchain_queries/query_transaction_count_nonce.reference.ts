import { JsonRpcProvider } from 'ethers';

type Params = { address: string; nonce: number };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  return { answer: String(await provider.getTransactionCount(PARAMS.address, 'latest')) };
}
