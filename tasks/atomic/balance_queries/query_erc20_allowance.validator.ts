import { parseEther, parseUnits } from 'viem';
import { allowanceOf, answerIsUint, answerMatches, approveAs, defineValidator } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_erc20_allowance'>;
type State = { allowance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // The owner approves the spender with a real transaction, so the allowance exists only on chain.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.owner, value: parseEther('1') });
    await approveAs(chain, params.owner, params.token.address, params.spender, parseUnits(params.planted, 18));
  },
  observe: async ({ chain, params }) => ({ allowance: await allowanceOf(chain, params.token.address, params.owner, params.spender) }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain allowance',
      80,
      ({ post }) => post.allowance,
      ({ params }) => ({ symbol: params.token.symbol }),
    ),
  ],
});
