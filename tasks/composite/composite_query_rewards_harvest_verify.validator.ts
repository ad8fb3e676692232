import { encodeAbiParameters, keccak256, pad, toHex } from 'viem';
import {
  accrued,
  answerUint,
  balanceOf,
  BLOCK_INTERVAL_SECONDS,
  compareAmount,
  defineValidator,
  reportsUint,
  rewardPosition,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_rewards_harvest_verify'>;
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; cake: bigint };

/** RewardPool storage: lastUpdate mapping at slot 2 (fixtures/contracts/README.md). */
const LAST_UPDATE_SLOT = 2n;

const harvested = (pre: State, post: State) => post.cake - pre.cake;
const noHarvest = ({ pre, post }: { pre: State; post: State }) => (harvested(pre, post) <= 0n ? 'no CAKE was harvested' : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance accrual period: the stake's timer is set so that, at the next block, exactly
  // `accrual` seconds of reward are owed. The amount harvested is thus unguessable.
  setup: async ({ chain, params, agent }) => {
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    const since = head.timestamp + BigInt(BLOCK_INTERVAL_SECONDS) - BigInt(params.accrual);
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [agent, LAST_UPDATE_SLOT]));
    await chain.test.setStorageAt({ address: params.pool, index: slot, value: pad(toHex(since)) });
  },
  observe: async ({ chain, env, params, agent }) => ({
    ...(await rewardPosition(chain, params.pool, agent)),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    {
      // Accrual is linear in time, so one or several harvests pay stake × rate × elapsed in total.
      name: 'harvested the whole accrued reward and kept the stake',
      weight: 50,
      verify: ({ pre, post }) => {
        if (post.lastUpdate <= pre.lastUpdate) return { pass: false, detail: 'the reward timer never advanced: nothing was harvested' };
        if (post.staked !== pre.staked) return { pass: false, detail: `stake changed ${pre.staked} → ${post.staked}` };
        const owed = accrued(pre.staked, pre.rate, post.lastUpdate - pre.lastUpdate);
        return compareAmount('CAKE harvested', harvested(pre, post), owed, { abs: 2n, symbol: 'CAKE' });
      },
    },
    reportsUint('answer reports the harvested amount', 25, {
      read: (answer) => answerUint(answer, 'harvested'),
      unless: noHarvest,
      compare: (v, { pre, post }) => compareAmount('reported harvest', v, harvested(pre, post), { symbol: 'CAKE' }),
    }),
    reportsUint('answer reports the CAKE balance after the harvest', 25, {
      read: (answer) => answerUint(answer, 'cakeBalance'),
      unless: noHarvest,
      compare: (v, { post }) => compareAmount('reported balance', v, post.cake, { symbol: 'CAKE' }),
    }),
  ],
});
