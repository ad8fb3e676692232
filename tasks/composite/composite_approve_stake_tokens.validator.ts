import { parseUnits } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  grantSpent,
  stakedOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_stake_tokens'>;
type State = { cake: bigint; staked: bigint; allowance: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing CAKE allowance of the staking contract the approve step is really needed.
  setup: async ({ chain, env, agent, params }) => {
    await approveAs(chain, agent, env.CAKE, params.pool, 0n);
  },
  observe: async ({ chain, env, agent, params }) => ({
    cake: await balanceOf(chain, env.CAKE, agent),
    staked: await stakedOf(chain, params.pool, agent),
    allowance: await allowanceOf(chain, env.CAKE, agent, params.pool),
  }),
  checks: [
    {
      name: 'staked balance rose by exactly the requested CAKE',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount('stake change', post.staked - pre.staked, amount(params), { symbol: 'CAKE' }),
    },
    {
      name: 'wallet CAKE fell by exactly the requested amount',
      weight: 25,
      verify: ({ pre, post, params }) => compareAmount('CAKE spent', pre.cake - post.cake, amount(params), { symbol: 'CAKE' }),
    },
    {
      // Left-over allowance plus what the pool pulled = what was granted; it must be the requested amount.
      name: 'staking contract was approved for exactly the requested CAKE and the stake used it',
      weight: 25,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(
          approvalSent(txs, env.CAKE, params.pool),
          pre.cake - post.cake,
          post.allowance,
          amount(params),
          'the staking contract',
          'CAKE',
        ),
    },
  ],
});
