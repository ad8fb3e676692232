import { parseAbi, type Address } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { pool: Address; lp: Address };
type State = { staked: bigint; lp: bigint; cake: bigint };

const POOL = parseAbi(['function stakedOf(address) view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, env, agent }) => ({
    staked: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lp: await balanceOf(chain, params.lp, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
  }),
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(20, 'emergencyWithdraw()'),
    {
      name: 'wallet got back the whole stake',
      weight: 40,
      verify: ({ pre, post }) => compareAmount('LP received', post.lp - pre.lp, pre.staked, { symbol: 'LP' }),
    },
    {
      name: 'nothing is left staked',
      weight: 15,
      verify: ({ post }) => compareAmount('stake left', post.staked, 0n, { symbol: 'LP' }),
    },
    {
      // An emergency exit skips the reward payout; a regular withdraw would have paid CAKE.
      name: 'no CAKE was paid out',
      weight: 15,
      verify: ({ pre, post }) => compareAmount('CAKE change', post.cake - pre.cake, 0n, { symbol: 'CAKE' }),
    },
  ],
});
