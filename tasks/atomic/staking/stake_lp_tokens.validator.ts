import type { PublicClient } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'stake_lp_tokens'>;
type State = { staked: bigint; lp: bigint };

/** The requested amount in the LP token's base units (it has 18 decimals on every chain; the amount is scaled to the chain's LP value). */
const amount = (ctx: { chain: PublicClient; params: Params }) => tokenUnits(ctx.chain, ctx.params.lp, ctx.params.amount);

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
      verify: async (ctx) => compareAmount('stake change', ctx.post.staked - ctx.pre.staked, await amount(ctx), { symbol: 'LP' }),
    },
    {
      name: 'wallet LP fell by exactly the requested amount',
      weight: 30,
      verify: async (ctx) => compareAmount('LP spent', ctx.pre.lp - ctx.post.lp, await amount(ctx), { symbol: 'LP' }),
    },
  ],
});
