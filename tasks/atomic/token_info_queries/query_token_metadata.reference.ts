import { createPublicClient, erc20Abi, http, type Address } from 'viem';

type Params = { token: { label: string; address: Address }; minted: string; holder: Address };
declare const PARAMS: Params;

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
