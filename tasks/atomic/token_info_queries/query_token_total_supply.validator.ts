import { parseEther } from 'viem';
import { answerIsUint, answerMatches, defineValidator, issueTokens, totalSupplyOf } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_token_total_supply'>;
type State = { totalSupply: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // A random amount is issued to a random holder, so the supply cannot be known without reading it.
  setup: ({ chain, env, params }) => issueTokens(chain, env, params.token.address, params.holder, parseEther(params.minted)),
  observe: async ({ chain, params }) => ({ totalSupply: await totalSupplyOf(chain, params.token.address) }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain total supply',
      80,
      ({ post }) => post.totalSupply,
      ({ params }) => ({ symbol: params.token.label }),
    ),
  ],
});
