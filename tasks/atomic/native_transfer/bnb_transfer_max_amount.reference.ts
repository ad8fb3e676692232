import { JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'bnb_transfer_max_amount'>;

/** A plain transfer to an account without code always uses exactly this much gas. */
const TRANSFER_GAS = 21_000n;

export async function executeSkill(providerUrl: string, agentAddress: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const [balance, fees] = await Promise.all([provider.getBalance(agentAddress), provider.getFeeData()]);
  if (fees.gasPrice === null) throw new Error('the node reports no gas price');
  // A fixed gas limit and a legacy gas price make the fee known in advance: balance - fee is everything else.
  const gasPrice = fees.gasPrice;
  return { to: PARAMS.to, value: balance - TRANSFER_GAS * gasPrice, gasLimit: TRANSFER_GAS, gasPrice };
}
