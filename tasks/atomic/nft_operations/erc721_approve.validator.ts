import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, nftsStayed, ownersOf, sameAddress, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc721_approve'>;
type State = { approved: Address; owners: Address[] };

const NFT = parseAbi(['function getApproved(uint256 id) view returns (address)']);
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad,
  observe: async ({ chain, env, params }) => ({
    approved: await chain.readContract({ address: env.pancake_squad, abi: NFT, functionName: 'getApproved', args: [BigInt(params.id)] }),
    owners: await ownersOf(chain, env.pancake_squad, IDS),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    callsFunction(15, 'approve(address,uint256)'),
    {
      // Read from the chain: an operator approval or a transfer leaves getApproved(id) unset.
      name: 'spender is the approved address of the NFT',
      weight: 55,
      verify: ({ post, params }) => ({
        pass: sameAddress(post.approved, params.spender),
        detail: `getApproved(${params.id}) = ${post.approved}, expected ${params.spender}`,
      }),
    },
    nftsStayed(20, IDS, 'owner unchanged'),
  ],
});
