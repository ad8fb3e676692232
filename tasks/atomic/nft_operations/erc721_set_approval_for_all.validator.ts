import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { operator: Address };
type State = { approvedForAll: boolean; owners: Address[] };

const NFT = parseAbi([
  'function ownerOf(uint256 id) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad!,
  observe: async ({ chain, env, params, agent }) => ({
    approvedForAll: await chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'isApprovedForAll', args: [agent, params.operator] }),
    owners: await Promise.all(IDS.map((id) => chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'ownerOf', args: [id] }))),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    callsFunction(15, 'setApprovalForAll(address,bool)'),
    {
      name: 'operator is approved for all of the wallet\'s Pancake Squad',
      weight: 60,
      verify: ({ pre, post, params }) => ({
        pass: !pre.approvedForAll && post.approvedForAll,
        detail: `isApprovedForAll(agent, ${params.operator}) ${pre.approvedForAll} -> ${post.approvedForAll}`,
      }),
    },
    {
      name: 'the NFTs stayed in the wallet',
      weight: 15,
      verify: ({ post, agent }) => {
        const gone = IDS.filter((_, i) => !sameAddress(post.owners[i], agent));
        return { pass: gone.length === 0, detail: gone.length ? `ids no longer owned: ${gone.join(', ')}` : 'all ids still owned' };
      },
    },
  ],
});
