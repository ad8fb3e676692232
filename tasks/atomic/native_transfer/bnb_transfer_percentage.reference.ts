import { JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'bnb_transfer_percentage'>;

export async function executeSkill(providerUrl: string, agentAddress: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const balance = await provider.getBalance(agentAddress);
  return { to: PARAMS.to, value: (balance * BigInt(PARAMS.percent)) / 100n };
}
