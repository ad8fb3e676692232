import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';

type Params = { id: number; to: Address };
type State = { owners: Address[]; agentCount: bigint };

const NFT = parseAbi(['function ownerOf(uint256 id) view returns (address)', 'function balanceOf(address owner) view returns (uint256)']);
// The agent starts with Pancake Squad ids 1-3.
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad!,
  observe: async ({ chain, env, agent }) => ({
    owners: await Promise.all(IDS.map((id) => chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'ownerOf', args: [id] }))),
    agentCount: await chain.readContract({ address: env.pancake_squad!, abi: NFT, functionName: 'balanceOf', args: [agent] }),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    // Either overload is a safe transfer; a plain transferFrom moves the NFT but skips the receiver check the request asked for.
    callsFunction(25, 'safeTransferFrom(address,address,uint256)', 'safeTransferFrom(address,address,uint256,bytes)'),
    {
      name: 'recipient owns the requested NFT',
      weight: 50,
      verify: ({ post, params }) => {
        const owner = post.owners[params.id - 1];
        return { pass: sameAddress(owner, params.to), detail: `ownerOf(${params.id}) = ${owner}, expected ${params.to}` };
      },
    },
    {
      name: 'no other NFT left the wallet',
      weight: 15,
      verify: ({ pre, post, params }) => {
        const moved = IDS.filter((id, i) => Number(id) !== params.id && !sameAddress(post.owners[i], pre.owners[i]!));
        const pass = moved.length === 0 && pre.agentCount - post.agentCount === 1n;
        return { pass, detail: `wallet holds ${post.agentCount} (was ${pre.agentCount}); other ids moved: ${moved.join(', ') || 'none'}` };
      },
    },
  ],
});
