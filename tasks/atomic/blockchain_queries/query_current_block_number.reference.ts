import { JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_current_block_number'>;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  return { answer: String(await provider.getBlockNumber()) };
}
