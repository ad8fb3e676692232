import type { PublicClient } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'unstake_lp_tokens'>;
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
  // withdraw() also pays out the pending CAKE; that side effect is expected and not scored.
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(10, 'withdraw(uint256)'),
    {
      name: 'wallet received exactly the requested LP',
      weight: 45,
      verify: async (ctx) => compareAmount('LP received', ctx.post.lp - ctx.pre.lp, await amount(ctx), { symbol: 'LP' }),
    },
    {
      name: 'stake fell by exactly the requested amount',
      weight: 35,
      verify: async (ctx) => compareAmount('stake change', ctx.pre.staked - ctx.post.staked, await amount(ctx), { symbol: 'LP' }),
    },
  ],
});
