import { parseUnits } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'stake_single_token'>;
type State = { staked: bigint; cake: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, env, agent }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    succeeded(10, 'call to the staking contract succeeded'),
    callsFunction(10, 'stake(uint256)'),
    {
      // Compared with the requested amount, never with the amount the calldata carried.
      name: 'staked balance rose by exactly the requested amount',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount('stake change', post.staked - pre.staked, amount(params), { symbol: 'CAKE' }),
    },
    {
      name: 'wallet CAKE fell by exactly the requested amount',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('CAKE spent', pre.cake - post.cake, amount(params), { symbol: 'CAKE' }),
    },
  ],
});
