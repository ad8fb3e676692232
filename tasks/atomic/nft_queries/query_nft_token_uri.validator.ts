import { parseAbi } from 'viem';
import { defineValidator } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_nft_token_uri'>;
type State = { uri: string };

const NFT = parseAbi(['function tokenURI(uint256 id) view returns (string)']);

export default defineValidator<Params, State>({
  kind: 'query',
  observe: async ({ chain, params }) => ({
    uri: await chain.readContract({ address: params.collection.address, abi: NFT, functionName: 'tokenURI', args: [BigInt(params.id)] }),
  }),
  checks: [
    {
      name: 'answer is a non-empty string',
      weight: 20,
      verify: ({ answer }) => ({
        pass: typeof answer === 'string' && answer.length > 0,
        detail:
          typeof answer === 'string'
            ? `answered ${JSON.stringify(answer.slice(0, 120))}`
            : `answer ${JSON.stringify(answer)?.slice(0, 80)} is not a string`,
      }),
    },
    {
      // Exact: a URI with the wrong id, collection or a missing part points at different metadata.
      name: 'answer equals the on-chain tokenURI',
      weight: 80,
      verify: ({ answer, post }) => ({
        pass: answer === post.uri,
        detail: `answered ${JSON.stringify(answer)?.slice(0, 120)}, tokenURI is ${JSON.stringify(post.uri)}`,
      }),
    },
  ],
});
