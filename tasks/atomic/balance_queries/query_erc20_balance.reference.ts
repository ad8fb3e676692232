import { createPublicClient, erc20Abi, http } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_erc20_balance'>;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const balance = await client.readContract({
    address: PARAMS.token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [PARAMS.address],
  });
  return { answer: balance.toString() };
}
