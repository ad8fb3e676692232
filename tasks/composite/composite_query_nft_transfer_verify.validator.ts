import type { Address } from 'viem';
import { defineValidator, nftCount, ownerOf, sameAddress } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_nft_transfer_verify'>;
type State = { owner: Address; agentCount: bigint };

function answerAddress(answer: unknown, key: string): { value: string } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  const v = (answer as Record<string, unknown>)[key];
  return typeof v === 'string' ? { value: v } : { error: `"${key}" is not an address string` };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, params, agent }) => ({
    owner: await ownerOf(chain, env.erc721_token, BigInt(params.tokenId)),
    agentCount: await nftCount(chain, env.erc721_token, agent),
  }),
  checks: [
    {
      name: 'the recipient owns the token',
      weight: 45,
      verify: ({ post, params }) => ({
        pass: sameAddress(post.owner, params.to),
        detail: `ownerOf(${params.tokenId}) = ${post.owner}, expected ${params.to}`,
      }),
    },
    {
      name: 'exactly one Quest Squad NFT left the wallet',
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: pre.agentCount - post.agentCount === 1n,
        detail: `wallet holds ${post.agentCount} (was ${pre.agentCount})`,
      }),
    },
    {
      name: 'answer reports the owner before the transfer',
      weight: 20,
      verify: ({ answer, pre }) => {
        const a = answerAddress(answer, 'previousOwner');
        return 'error' in a
          ? { pass: false, detail: a.error }
          : { pass: sameAddress(a.value, pre.owner), detail: `reported ${a.value}, owner was ${pre.owner}` };
      },
    },
    {
      name: 'answer reports the owner after the transfer',
      weight: 25,
      verify: ({ answer, post }) => {
        const a = answerAddress(answer, 'newOwner');
        return 'error' in a
          ? { pass: false, detail: a.error }
          : { pass: sameAddress(a.value, post.owner), detail: `reported ${a.value}, owner is ${post.owner}` };
      },
    },
  ],
});
