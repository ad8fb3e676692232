import { parseEther } from 'viem';
import { answerUint, balanceOf, compareAmount, defineValidator, reportsUint, stakeAs, stakedOf } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_staked_stake_verify'>;
type State = { staked: bigint; cake: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // An earlier stake of a per-instance size, made by the wallet itself, so "before" has to be read.
  setup: async ({ chain, params, agent }) => {
    await stakeAs(chain, agent, params.pool, parseEther(params.planted));
  },
  observe: async ({ chain, env, params, agent }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    {
      name: 'stake rose by exactly the requested amount',
      weight: 45,
      verify: ({ pre, post, params }) =>
        compareAmount('stake added', post.staked - pre.staked, parseEther(params.amount), { symbol: 'CAKE' }),
    },
    {
      name: 'the CAKE came from the wallet',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('CAKE spent', pre.cake - post.cake, parseEther(params.amount), { symbol: 'CAKE' }),
    },
    reportsUint('answer reports the stake before', 25, {
      read: (answer) => answerUint(answer, 'before'),
      compare: (v, { pre }) => compareAmount('reported before', v, pre.staked, { symbol: 'CAKE' }),
    }),
    reportsUint('answer reports the stake after', 20, {
      read: (answer) => answerUint(answer, 'after'),
      unless: ({ pre, post }) => (post.staked === pre.staked ? 'the stake did not change' : undefined),
      compare: (v, { post }) => compareAmount('reported after', v, post.staked, { symbol: 'CAKE' }),
    }),
  ],
});
