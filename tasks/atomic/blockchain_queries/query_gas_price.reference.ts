import { createPublicClient, http } from 'viem';

type Params = { base_fee: number };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  return { answer: (await client.getGasPrice()).toString() };
}
