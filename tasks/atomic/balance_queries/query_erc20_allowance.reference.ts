import { createPublicClient, erc20Abi, http, type Address } from 'viem';

type Params = { token: { symbol: string; address: Address }; owner: Address; spender: Address; planted: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const allowance = await client.readContract({ address: PARAMS.token.address, abi: erc20Abi, functionName: 'allowance', args: [PARAMS.owner, PARAMS.spender] });
  return { answer: allowance.toString() };
}
