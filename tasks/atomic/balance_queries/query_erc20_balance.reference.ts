import { createPublicClient, erc20Abi, http, type Address } from 'viem';

type Params = { token: { symbol: string; address: Address }; address: Address; planted: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const balance = await client.readContract({ address: PARAMS.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [PARAMS.address] });
  return { answer: balance.toString() };
}
