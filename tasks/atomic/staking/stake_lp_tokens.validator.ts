import { parseUnits } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'stake_lp_tokens'>;
type State = { staked: bigint; lp: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, agent }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    lp: await balanceOf(chain, params.lp, agent),
  }),
  checks: [
    succeeded(10, 'call to the LP staking contract succeeded'),
    callsFunction(10, 'stake(uint256)'),
    {
      name: 'staked LP rose by exactly the requested amount',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount('stake change', post.staked - pre.staked, amount(params), { symbol: 'LP' }),
    },
    {
      name: 'wallet LP fell by exactly the requested amount',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('LP spent', pre.lp - post.lp, amount(params), { symbol: 'LP' }),
    },
  ],
});
