import { createPublicClient, erc20Abi, http } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_erc20_allowance'>;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const allowance = await client.readContract({
    address: PARAMS.token.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [PARAMS.owner, PARAMS.spender],
  });
  return { answer: allowance.toString() };
}
