import {
  answerIsUint,
  answerMatches,
  defineValidator,
  issueTokens,
  tokenDecimals,
  tokenUnits,
  totalSupplyOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_token_total_supply'>;
type State = { totalSupply: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'query',
  // A random amount is issued to a random holder, so the supply cannot be known without reading it; the
  // amount is in the token's own decimals (18 on BSC; Base's USDC has 6).
  setup: async ({ chain, env, params }) =>
    issueTokens(chain, env, params.token.address, params.holder, await tokenUnits(chain.public, params.token.address, params.minted)),
  observe: async ({ chain, params }) => ({
    totalSupply: await totalSupplyOf(chain, params.token.address),
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain total supply',
      80,
      ({ post }) => post.totalSupply,
      ({ params, post }) => ({ symbol: params.token.label, decimals: post.decimals }),
    ),
  ],
});
