import {
  answerIsUint,
  answerMatches,
  balanceOf,
  defineValidator,
  quoteIn,
  setPairBalances,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_swap_input_amount'>;
type State = { quote: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // A donation of the output token, synced into the reserves, makes the quote unguessable from the seeded amounts.
    const { pool, buyAddress } = params.pair;
    await setPairBalances(chain, pool, [
      [buyAddress, (await balanceOf(chain.public, buyAddress, pool)) + (await tokenUnits(chain.public, buyAddress, params.planted))],
    ]);
  },
  // The output in the bought token's own decimals; the router's quote carries the chain's fee.
  observe: async ({ chain, params, env }) => ({
    quote: await quoteIn(chain, env.router, await tokenUnits(chain, params.pair.buyAddress, params.amount), [
      params.pair.sellAddress,
      params.pair.buyAddress,
    ]),
    decimals: await tokenDecimals(chain, params.pair.sellAddress),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 15),
    answerMatches(
      "answer equals the router's required input for the direct path",
      85,
      ({ pre }) => pre.quote,
      ({ params, pre }) => ({ symbol: params.pair.sell, decimals: pre.decimals }),
    ),
  ],
});
