import {
  answerIsUint,
  answerMatches,
  balanceOf,
  defineValidator,
  setTokenBalance,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_erc20_balance'>;
type State = { balance: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'query',
  // The planted balance is in the token's own decimals (18 on BSC; Base's USDC has 6).
  setup: async ({ chain, params }) => {
    await setTokenBalance(
      chain,
      params.token.address,
      params.address,
      await tokenUnits(chain.public, params.token.address, params.planted),
    );
  },
  observe: async ({ chain, params }) => ({
    balance: await balanceOf(chain, params.token.address, params.address),
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches(
      'answer equals the on-chain balance',
      80,
      ({ post }) => post.balance,
      ({ params, post }) => ({ symbol: params.token.symbol, decimals: post.decimals }),
    ),
  ],
});
