import { parseUnits } from 'viem';
import { answerIsUint, answerMatches, balanceOf, defineValidator, setTokenBalance } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_erc20_balance'>;
type State = { balance: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    await setTokenBalance(chain, params.token.address, params.address, parseUnits(params.planted, 18));
  },
  observe: async ({ chain, params }) => ({ balance: await balanceOf(chain, params.token.address, params.address) }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain balance',
      80,
      ({ post }) => post.balance,
      ({ params }) => ({ symbol: params.token.symbol }),
    ),
  ],
});
