import { parseUnits } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'unstake_lp_tokens'>;
type State = { staked: bigint; lp: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, agent }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    lp: await balanceOf(chain, params.lp, agent),
  }),
  // withdraw() also pays out the pending CAKE; that side effect is expected and not scored.
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(10, 'withdraw(uint256)'),
    {
      name: 'wallet received exactly the requested LP',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('LP received', post.lp - pre.lp, amount(params), { symbol: 'LP' }),
    },
    {
      name: 'stake fell by exactly the requested amount',
      weight: 35,
      verify: ({ pre, post, params }) => compareAmount('stake change', pre.staked - post.staked, amount(params), { symbol: 'LP' }),
    },
  ],
});
