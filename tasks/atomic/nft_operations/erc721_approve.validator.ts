import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { id: number; spender: Address };
type State = { approved: Address; owners: Address[] };

const NFT = parseAbi(['function ownerOf(uint256 id) view returns (address)', 'function getApproved(uint256 id) view returns (address)']);
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad!,
  observe: async ({ chain, env, params }) => ({
    approved: await chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'getApproved', args: [BigInt(params.id)] }),
    owners: await Promise.all(IDS.map((id) => chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'ownerOf', args: [id] }))),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    callsFunction(15, 'approve(address,uint256)'),
    {
      // Read from the chain: an operator approval or a transfer leaves getApproved(id) unset.
      name: 'spender is the approved address of the NFT',
      weight: 55,
      verify: ({ post, params }) => ({ pass: sameAddress(post.approved, params.spender), detail: `getApproved(${params.id}) = ${post.approved}, expected ${params.spender}` }),
    },
    {
      name: 'the NFTs stayed in the wallet',
      weight: 20,
      verify: ({ post, agent }) => {
        const gone = IDS.filter((_, i) => !sameAddress(post.owners[i], agent));
        return { pass: gone.length === 0, detail: gone.length ? `ids no longer owned: ${gone.join(', ')}` : 'owner unchanged' };
      },
    },
  ],
});
