import { parseEther } from 'viem';
import {
  answerUint,
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  nativeBalance,
  reportsUint,
  wrapAs,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_balance_wrap_verify'>;
type State = { wbnb: bigint; bnb: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance extra WBNB deposit, so the balance to report cannot be known without reading it.
  setup: async ({ chain, env, params, agent }) => {
    await wrapAs(chain, agent, env.WBNB, parseEther(params.planted));
  },
  observe: async ({ chain, env, agent }) => ({ wbnb: await balanceOf(chain, env.WBNB, agent), bnb: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'WBNB balance rose by exactly the requested amount',
      weight: 35,
      verify: ({ pre, post, params }) => compareAmount('WBNB gained', post.wbnb - pre.wbnb, parseEther(params.amount), { symbol: 'WBNB' }),
    },
    {
      name: 'the BNB spent is the amount plus gas',
      weight: 10,
      verify: ({ pre, post, txs, params }) =>
        compareAmount('BNB spent besides gas', pre.bnb - post.bnb - episodeGas(txs), parseEther(params.amount), { symbol: 'BNB' }),
    },
    reportsUint('reported BNB balance before the wrap matches the chain', 20, {
      read: (answer) => answerUint(answer, 'bnbBalanceBefore'),
      compare: (v, { pre }) => compareAmount('reported BNB before', v, pre.bnb, { symbol: 'BNB' }),
    }),
    reportsUint('reported WBNB balance matches the chain', 35, {
      read: (answer) => answerUint(answer, 'wbnbBalance'),
      compare: (v, { post }) => compareAmount('reported WBNB', v, post.wbnb, { symbol: 'WBNB' }),
    }),
  ],
});
