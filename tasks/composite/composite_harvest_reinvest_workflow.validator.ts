import { isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address } from 'viem';
import {
  approveAs,
  approvedAtLeast,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  saleAtQuote,
  saleMinOut,
  selectorOf,
  soleSwap,
  stakedOf,
  successful,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_harvest_reinvest_workflow'>;
type State = { poolStake: bigint; lp: bigint; staked: bigint };
type Env = EnvMap;

const POOL = parseAbi(['event Harvested(address indexed user, uint256 reward)']);

/** CAKE paid by the first harvest() call (an explicit harvest, not a payout inside another call). */
function harvested(txs: EpisodeTx[] | undefined, env: Env, agent: Address): bigint | undefined {
  const t = successful(txs).find((x) => isAddressEqual(x.tx.to, env.simple_reward_pool) && x.tx.data.startsWith(selectorOf('harvest()')));
  if (!t) return undefined;
  const paid = parseEventLogs({ abi: POOL, eventName: 'Harvested', logs: t.receipt.logs })
    .filter((l) => isAddressEqual(l.address, env.simple_reward_pool) && isAddressEqual(l.args.user, agent))
    .reduce((s, l) => s + l.args.reward, 0n);
  return paid > 0n ? paid : undefined;
}

/** The CAKE → USDT sale: the one successful transaction that took CAKE from the wallet and paid it USDT. */
const theSwap = (txs: EpisodeTx[] | undefined, env: Env, agent: Address) => soleSwap(txs, agent, env.CAKE, env.USDT);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing CAKE allowances would make both approvals pointless; letting the stake accrue for a
  // while first makes the harvest comfortably larger than the amount to sell.
  setup: async ({ chain, env, agent, params }) => {
    for (const spender of [env.router, env.simple_staking]) await approveAs(chain, agent, env.CAKE, spender, 0n);
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    await chain.test.setNextBlockTimestamp({ timestamp: head.timestamp + BigInt(params.idle_seconds) });
    await chain.test.mine({ blocks: 1 });
  },
  observe: async ({ chain, env, agent }) => ({
    poolStake: await stakedOf(chain, env.simple_reward_pool, agent),
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    staked: await stakedOf(chain, env.simple_staking, agent),
  }),
  checks: [
    {
      name: 'rewards harvested, LP left staked',
      weight: 20,
      verify: ({ txs, env, agent, pre, post }) => {
        const h = harvested(txs, env, agent);
        const pass = h !== undefined && post.poolStake === pre.poolStake && post.lp === pre.lp;
        return {
          pass,
          detail: `harvest paid ${h === undefined ? 'nothing' : `${fmt(h)} CAKE`}, pool stake ${fmt(pre.poolStake)} → ${fmt(post.poolStake)}`,
        };
      },
    },
    {
      name: 'router approved for the CAKE to sell',
      weight: 5,
      verify: ({ txs, env, agent, params }) => approvedAtLeast(txs, env.CAKE, agent, env.router, parseEther(params.swap_amount), 'CAKE'),
    },
    {
      name: 'sold exactly the requested CAKE for the quoted USDT',
      weight: 20,
      verify: (ctx) =>
        saleAtQuote(ctx, { token: ctx.env.CAKE, symbol: 'CAKE' }, { token: ctx.env.USDT, symbol: 'USDT' }, ctx.params.swap_amount),
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 5,
      verify: ({ txs, env, agent, params }) => saleMinOut(theSwap(txs, env, agent), parseEther(params.swap_amount), params.slippage),
    },
    {
      name: 'simple_staking approved for the rest of the harvest',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const h = harvested(txs, env, agent);
        const rest = h === undefined ? undefined : h - parseEther(params.swap_amount);
        const allowance = highestApproval(txs, env.CAKE, agent, env.simple_staking);
        return {
          pass: rest !== undefined && rest > 0n && allowance >= rest,
          detail: `approved ${fmt(allowance)} CAKE, rest of the harvest ${rest === undefined ? '-' : fmt(rest)}`,
        };
      },
    },
    {
      name: 'staked exactly the harvest minus the CAKE sold',
      weight: 45,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const h = harvested(txs, env, agent);
        if (h === undefined) return { pass: false, detail: 'nothing was harvested' };
        // The rest only means something after the requested sale.
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.swap_amount)) return { pass: false, detail: 'no sale of the requested CAKE' };
        return compareAmount('stake change', post.staked - pre.staked, h - parseEther(params.swap_amount), { symbol: 'CAKE' });
      },
    },
  ],
});
