import { JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_transaction_count_nonce'>;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  return { answer: String(await provider.getTransactionCount(PARAMS.address, 'latest')) };
}
