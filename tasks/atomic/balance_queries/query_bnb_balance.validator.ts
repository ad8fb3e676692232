import { parseEther } from 'viem';
import { answerIsUint, answerMatches, defineValidator, nativeBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_bnb_balance'>;
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  // An unguessable balance is planted first, so only reading the chain gives the answer.
  setup: async ({ chain, params }) => {
    await chain.test.setBalance({ address: params.address, value: parseEther(params.planted) });
  },
  observe: async ({ chain, params }) => ({ balance: await nativeBalance(chain, params.address) }),
  checks: [
    answerIsUint('answer is a wei amount', 20),
    answerMatches('answer equals the on-chain balance', 80, ({ post }) => post.balance, { symbol: 'wei', decimals: 0 }),
  ],
});
