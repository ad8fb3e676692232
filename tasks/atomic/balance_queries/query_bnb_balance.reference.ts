import { JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_bnb_balance'>;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const balance = await provider.getBalance(PARAMS.address);
  return { answer: balance.toString() };
}
