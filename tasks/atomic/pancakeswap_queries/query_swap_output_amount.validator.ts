import {
  answerIsUint,
  answerMatches,
  balanceOf,
  defineValidator,
  quoteOut,
  setPairBalances,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_swap_output_amount'>;
type State = { quote: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation to the pool, synced into its reserves, makes the quote unguessable from the seeded amounts.
    const { pool, sellAddress } = params.pair;
    await setPairBalances(chain, pool, [
      [sellAddress, (await balanceOf(chain.public, sellAddress, pool)) + (await tokenUnits(chain.public, sellAddress, params.planted))],
    ]);
  },
  // The input in the sold token's own decimals; the router's quote carries the chain's fee.
  observe: async ({ chain, params, env }) => ({
    quote: await quoteOut(chain, env.router, await tokenUnits(chain, params.pair.sellAddress, params.amount), [
      params.pair.sellAddress,
      params.pair.buyAddress,
    ]),
    decimals: await tokenDecimals(chain, params.pair.buyAddress),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 15),
    answerMatches(
      "answer equals the router's quote for the direct path",
      85,
      ({ pre }) => pre.quote,
      ({ params, pre }) => ({ symbol: params.pair.buy, decimals: pre.decimals }),
    ),
  ],
});
