import { createPublicClient, erc20Abi, http } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_token_metadata'>;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const address = PARAMS.token.address;
  const [name, symbol, decimals, totalSupply] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    client.readContract({ address, abi: erc20Abi, functionName: 'totalSupply' }),
  ]);
  return { answer: { name, symbol, decimals, totalSupply: totalSupply.toString() } };
}
