import { parseEther } from 'viem';
import { allowanceOf, answerIsUint, answerMatches, approveAs, defineValidator, tokenDecimals, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_erc20_allowance'>;
type State = { allowance: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'query',
  // The owner approves the spender with a real transaction, so the allowance exists only on chain; the
  // amount is in the token's own decimals (18 on BSC; Base's USDC has 6).
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.owner, value: parseEther('1') });
    const planted = await tokenUnits(chain.public, params.token.address, params.planted);
    await approveAs(chain, params.owner, params.token.address, params.spender, planted);
  },
  observe: async ({ chain, params }) => ({
    allowance: await allowanceOf(chain, params.token.address, params.owner, params.spender),
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain allowance',
      80,
      ({ post }) => post.allowance,
      ({ params, post }) => ({ symbol: params.token.symbol, decimals: post.decimals }),
    ),
  ],
});
