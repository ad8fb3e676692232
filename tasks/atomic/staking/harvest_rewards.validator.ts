import {
  accrued,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  rewardPosition,
  succeeded,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'harvest_rewards'>;
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; lp: bigint; cake: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, env, agent }) => ({
    ...(await rewardPosition(chain, params.pool, agent)),
    lp: await balanceOf(chain, params.lp, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(15, 'harvest()'),
    {
      // Accrual is by block timestamp, so the reward owed at the transaction's block is exact.
      name: 'wallet received exactly the reward accrued up to the transaction block',
      weight: 45,
      verify: async ({ pre, post, chain, receipt }) => {
        const block = await chain.getBlock({ blockNumber: defined(receipt, 'the receipt').blockNumber });
        const owed = accrued(pre.staked, pre.rate, block.timestamp - pre.lastUpdate);
        return compareAmount('CAKE received', post.cake - pre.cake, owed, { symbol: 'CAKE' });
      },
    },
    {
      name: 'stake and wallet LP left untouched',
      weight: 30,
      verify: ({ pre, post }) => {
        const pass = post.staked === pre.staked && post.lp === pre.lp;
        return { pass, detail: `stake ${pre.staked} → ${post.staked}, wallet LP ${pre.lp} → ${post.lp}` };
      },
    },
  ],
});
