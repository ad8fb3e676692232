import { createPublicClient, http } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_gas_price'>;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  return { answer: (await client.getGasPrice()).toString() };
}
