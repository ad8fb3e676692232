import type { Address, PublicClient } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'stake_single_token'>;
type State = { staked: bigint; cake: bigint };

/** The requested amount in the staked token's base units, read from it. */
const amount = (ctx: { chain: PublicClient; params: Params; env: { CAKE: Address } }) =>
  tokenUnits(ctx.chain, ctx.env.CAKE, ctx.params.amount);

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
      verify: async (ctx) => compareAmount('stake change', ctx.post.staked - ctx.pre.staked, await amount(ctx), { symbol: 'CAKE' }),
    },
    {
      name: 'wallet CAKE fell by exactly the requested amount',
      weight: 30,
      verify: async (ctx) => compareAmount('CAKE spent', ctx.pre.cake - ctx.post.cake, await amount(ctx), { symbol: 'CAKE' }),
    },
  ],
});
