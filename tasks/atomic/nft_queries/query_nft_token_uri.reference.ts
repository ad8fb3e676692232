import { createPublicClient, http, parseAbi, type Address } from 'viem';

type Params = { collection: { name: string; address: Address }; id: number };
declare const PARAMS: Params;

const NFT = parseAbi(['function tokenURI(uint256 tokenId) view returns (string)']);

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const uri = await client.readContract({ address: PARAMS.collection.address, abi: NFT, functionName: 'tokenURI', args: [BigInt(PARAMS.id)] });
  return { answer: uri };
}
