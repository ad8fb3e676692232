import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_units_pay_exact'>;

// The token's own decimals, read from the chain, turn the human amount into base units.
export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = PARAMS.pay.address;
  const decimals = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  return {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, parseUnits(PARAMS.pay.amount, decimals)] }),
  };
}
