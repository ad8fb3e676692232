import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { id: number; to: Address };
type State = { owners: Address[]; agentCount: bigint };

const NFT = parseAbi(['function ownerOf(uint256 id) view returns (address)', 'function balanceOf(address owner) view returns (uint256)']);
// The agent starts with Quest Squad ids 1-10; watching all of them catches a transfer of the wrong id.
const IDS = Array.from({ length: 10 }, (_, i) => BigInt(i + 1));

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.erc721_token!,
  observe: async ({ chain, env, agent }) => ({
    owners: await Promise.all(IDS.map((id) => chain.readContract({ address: env.erc721_token!, abi: NFT, functionName: 'ownerOf', args: [id] }))),
    agentCount: await chain.readContract({ address: env.erc721_token!, abi: NFT, functionName: 'balanceOf', args: [agent] }),
  }),
  checks: [
    succeeded(10, 'call to the Quest Squad contract succeeded'),
    callsFunction(15, 'transferFrom(address,address,uint256)'),
    {
      // The dominant check: the NFT has to be in the recipient's hands.
      name: 'recipient owns the requested NFT',
      weight: 55,
      verify: ({ post, params }) => {
        const owner = post.owners[params.id - 1];
        return { pass: sameAddress(owner, params.to), detail: `ownerOf(${params.id}) = ${owner}, expected ${params.to}` };
      },
    },
    {
      name: 'no other NFT left the wallet',
      weight: 20,
      verify: ({ pre, post, params }) => {
        const moved = IDS.filter((id, i) => Number(id) !== params.id && !sameAddress(post.owners[i], pre.owners[i]!));
        const pass = moved.length === 0 && pre.agentCount - post.agentCount === 1n;
        return { pass, detail: `wallet holds ${post.agentCount} (was ${pre.agentCount}); other ids moved: ${moved.join(', ') || 'none'}` };
      },
    },
  ],
});
