import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, nftsStayed, ownersOf, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc721_set_approval_for_all'>;
type State = { approvedForAll: boolean; owners: Address[] };

const NFT = parseAbi(['function isApprovedForAll(address owner, address operator) view returns (bool)']);
const IDS = [1n, 2n, 3n];

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.pancake_squad,
  observe: async ({ chain, env, params, agent }) => ({
    approvedForAll: await chain.readContract({
      address: env.pancake_squad,
      abi: NFT,
      functionName: 'isApprovedForAll',
      args: [agent, params.operator],
    }),
    owners: await ownersOf(chain, env.pancake_squad, IDS),
  }),
  checks: [
    succeeded(10, 'call to the Pancake Squad contract succeeded'),
    callsFunction(15, 'setApprovalForAll(address,bool)'),
    {
      name: "operator is approved for all of the wallet's Pancake Squad",
      weight: 60,
      verify: ({ pre, post, params }) => ({
        pass: !pre.approvedForAll && post.approvedForAll,
        detail: `isApprovedForAll(agent, ${params.operator}) ${pre.approvedForAll} -> ${post.approvedForAll}`,
      }),
    },
    nftsStayed(15, IDS, 'all ids still owned'),
  ],
});
