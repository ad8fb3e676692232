import { isAddressEqual, parseEther, type Address } from 'viem';
import {
  accrued,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  keyedUint,
  reportsUint,
  rewardPosition,
  selectorOf,
  setTokenBalance,
  successful,
  type EpisodeTx,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_unstake_harvest_query'>;
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; lp: bigint; cake: bigint };

/** The withdrawal and the first harvest() after it, in episode order. */
function steps(txs: EpisodeTx[] | undefined, pool: Address) {
  const ok = successful(txs).filter((t) => isAddressEqual(t.tx.to, pool));
  const w = ok.findIndex((t) => t.tx.data.startsWith(selectorOf('withdraw(uint256)')));
  const h = ok.findIndex((t, i) => i > w && w >= 0 && t.tx.data.startsWith(selectorOf('harvest()')));
  return { withdraw: w >= 0 ? ok[w] : undefined, harvest: h >= 0 ? ok[h] : undefined };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance CAKE balance makes the final query necessary.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.CAKE, agent, parseEther(params.start_cake));
  },
  observe: async ({ chain, env, agent, params }) => ({
    ...(await rewardPosition(chain, params.pool, agent)),
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    {
      name: 'withdrew exactly the requested LP',
      weight: 35,
      verify: ({ txs, params, pre, post }) => {
        const want = parseEther(params.amount);
        const { withdraw } = steps(txs, params.pool);
        const stake = compareAmount('stake change', pre.staked - post.staked, want, { symbol: 'LP' });
        const wallet = compareAmount('wallet LP change', post.lp - pre.lp, want, { symbol: 'LP' });
        return {
          pass: !!withdraw && stake.pass && wallet.pass,
          detail: `${withdraw ? '' : 'no withdraw() call; '}${stake.detail}; ${wallet.detail}`,
        };
      },
    },
    {
      // Both calls pay what accrued up to their block: the full stake until the withdrawal, the rest after.
      name: 'harvested after the withdrawal; CAKE received matches the accrual',
      weight: 45,
      verify: async ({ txs, params, chain, pre, post }) => {
        const { withdraw, harvest } = steps(txs, params.pool);
        if (!withdraw || !harvest) return { pass: false, detail: 'expected a withdraw() followed by a harvest()' };
        const tW = (await chain.getBlock({ blockNumber: withdraw.receipt.blockNumber })).timestamp;
        const tH = (await chain.getBlock({ blockNumber: harvest.receipt.blockNumber })).timestamp;
        const left = pre.staked - parseEther(params.amount);
        const owed = accrued(pre.staked, pre.rate, tW - pre.lastUpdate) + accrued(left, pre.rate, tH - tW);
        const r = compareAmount('CAKE received', post.cake - pre.cake, owed, { symbol: 'CAKE' });
        return { pass: r.pass && post.lastUpdate === tH, detail: `${r.detail}; accrual clock ${post.lastUpdate}, harvest block ${tH}` };
      },
    },
    reportsUint('reported the final CAKE balance', 20, {
      read: (answer) => keyedUint(answer, 'cake'),
      readFirst: true,
      unless: ({ pre, post }) => (post.cake === pre.cake ? `no CAKE was received (balance ${fmt(post.cake)})` : undefined),
      compare: (v, { post }) => compareAmount('reported CAKE', v, post.cake, { symbol: 'CAKE' }),
    }),
  ],
});
