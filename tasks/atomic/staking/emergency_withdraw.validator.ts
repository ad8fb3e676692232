import { balanceOf, callsFunction, compareAmount, defineValidator, stakedOf, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'emergency_withdraw'>;
type State = { staked: bigint; lp: bigint; cake: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, env, agent }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    lp: await balanceOf(chain, params.lp, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(25, 'emergencyWithdraw()'),
    {
      name: 'whole stake returned to the wallet, nothing left staked',
      weight: 45,
      verify: ({ pre, post }) => {
        const back = compareAmount('LP received', post.lp - pre.lp, pre.staked, { symbol: 'LP' });
        const left = compareAmount('stake left', post.staked, 0n, { symbol: 'LP' });
        return { pass: back.pass && left.pass, detail: `${back.detail}; ${left.detail}`, deviation: back.deviation };
      },
    },
    {
      // The request is an emergency exit, which skips the payout; a regular withdraw of everything
      // pays the rewards and so is a different operation.
      name: 'no CAKE was paid out',
      weight: 20,
      verify: ({ pre, post }) => compareAmount('CAKE change', post.cake - pre.cake, 0n, { symbol: 'CAKE' }),
    },
  ],
});
