import { parseUnits } from 'viem';
import { answerIsUint, answerMatches, balanceOf, defineValidator, quoteOut, setPairBalances } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_swap_output_amount'>;
type State = { quote: bigint };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation to the pool, synced into its reserves, makes the quote unguessable from the seeded amounts.
    const { pool, sellAddress } = params.pair;
    await setPairBalances(chain, pool, [
      [sellAddress, (await balanceOf(chain.public, sellAddress, pool)) + parseUnits(params.planted, 18)],
    ]);
  },
  observe: async ({ chain, params, env }) => ({
    quote: await quoteOut(chain, env.router, parseUnits(params.amount, 18), [params.pair.sellAddress, params.pair.buyAddress]),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 15),
    answerMatches(
      "answer equals the router's quote for the direct path",
      85,
      ({ pre }) => pre.quote,
      ({ params }) => ({ symbol: params.pair.buy }),
    ),
  ],
});
