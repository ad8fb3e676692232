import { createPublicClient, http, parseAbi } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_nft_token_uri'>;

const NFT = parseAbi(['function tokenURI(uint256 tokenId) view returns (string)']);

export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const uri = await client.readContract({
    address: PARAMS.collection.address,
    abi: NFT,
    functionName: 'tokenURI',
    args: [BigInt(PARAMS.id)],
  });
  return { answer: uri };
}
