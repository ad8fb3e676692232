import { parseUnits } from 'viem';
import { answerIsUint, answerMatches, balanceOf, defineValidator, quoteIn, setPairBalances } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_swap_input_amount'>;
type State = { quote: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation of the output token, synced into the reserves, makes the quote unguessable from the seeded amounts.
    const { pool, buyAddress } = params.pair;
    await setPairBalances(chain, pool, [[buyAddress, (await balanceOf(chain.public, buyAddress, pool)) + parseUnits(params.planted, 18)]]);
  },
  observe: async ({ chain, params, env }) => ({
    quote: await quoteIn(chain, env.router, parseUnits(params.amount, 18), [params.pair.sellAddress, params.pair.buyAddress]),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 15),
    answerMatches(
      "answer equals the router's required input for the direct path",
      85,
      ({ pre }) => pre.quote,
      ({ params }) => ({ symbol: params.pair.sell }),
    ),
  ],
});
