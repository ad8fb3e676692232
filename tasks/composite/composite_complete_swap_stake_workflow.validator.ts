import { parseEther, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  bestQuote,
  compareAmount,
  defineValidator,
  highestApproval,
  keyedUint,
  reportsUint,
  saleMinOut,
  setTokenBalance,
  soleSwap,
  stakeAs,
  stakedOf,
  tokenDecimals,
  tokenUnits,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_complete_swap_stake_workflow'>;
/** `usdtDecimals`: the USDT role's decimals on the chain (18 on BSC, USDC's 6 on Base), for the report's wording. */
type State = { usdt: bigint; cake: bigint; staked: bigint; usdtDecimals: number };

/** The USDT → CAKE swap: the successful transaction that took USDT from the wallet and paid it CAKE. */
const theSwap = (txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address) => soleSwap(txs, agent, env.USDT, env.CAKE);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance USDT balance and an existing stake make both queries necessary; the standing
  // allowances would make both approvals pointless, so they are removed. USDT amounts are in the
  // token's own decimals (CAKE's role has 18 on every chain).
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.USDT, agent, await tokenUnits(chain.public, env.USDT, params.start_usdt));
    await stakeAs(chain, agent, env.simple_staking, parseEther(params.prior_stake));
    await approveAs(chain, agent, env.USDT, env.router, 0n);
    await approveAs(chain, agent, env.CAKE, env.simple_staking, 0n);
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
    staked: await stakedOf(chain, env.simple_staking, agent),
    usdtDecimals: await tokenDecimals(chain, env.USDT),
  }),
  checks: [
    reportsUint('reported the starting USDT balance', 5, {
      read: (answer) => keyedUint(answer, 'usdtBefore'),
      readFirst: true,
      // A report without the workflow behind it earns nothing.
      unless: ({ pre, post }) => (post.usdt === pre.usdt ? 'no USDT was swapped' : undefined),
      compare: (v, { pre }) => compareAmount('usdtBefore', v, pre.usdt, { symbol: 'USDT', decimals: pre.usdtDecimals }),
    }),
    {
      name: 'router approved for the USDT',
      weight: 5,
      verify: async ({ txs, env, agent, params, chain }) => {
        const allowance = highestApproval(txs, env.USDT, agent, env.router);
        return { pass: allowance >= (await tokenUnits(chain, env.USDT, params.amount_usdt)), detail: `approved ${allowance}` };
      },
    },
    {
      name: 'swapped exactly the requested USDT for the quoted CAKE',
      weight: 25,
      verify: async ({ txs, env, agent, params, chain, pre, post }) => {
        const s = theSwap(txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful USDT → CAKE swap' };
        const want = await tokenUnits(chain, env.USDT, params.amount_usdt);
        if (s.sold !== want || pre.usdt - post.usdt !== want)
          return { pass: false, detail: `sold ${s.sold} (wallet change ${pre.usdt - post.usdt}), requested ${want}` };
        const quote = await bestQuote(chain, env, want, env.USDT, env.CAKE, s.receipt.blockNumber - 1n);
        return compareAmount('CAKE received', s.got, quote, { rel: 0.01, symbol: 'CAKE' });
      },
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 5,
      verify: async ({ txs, env, agent, params, chain }) =>
        saleMinOut(theSwap(txs, env, agent), await tokenUnits(chain, env.USDT, params.amount_usdt), params.slippage),
    },
    {
      name: 'simple_staking approved for the swapped CAKE',
      weight: 5,
      verify: ({ txs, env, agent }) => {
        const s = theSwap(txs, env, agent);
        const allowance = highestApproval(txs, env.CAKE, agent, env.simple_staking);
        return { pass: !!s && allowance >= s.got, detail: `approved ${allowance}, swap returned ${s?.got ?? 0n}` };
      },
    },
    {
      name: 'staked exactly the CAKE the requested swap returned',
      weight: 45,
      verify: async ({ txs, env, agent, params, chain, pre, post }) => {
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== (await tokenUnits(chain, env.USDT, params.amount_usdt)))
          return { pass: false, detail: 'no swap of the requested amount' };
        return compareAmount('stake change', post.staked - pre.staked, s.got, { symbol: 'CAKE' });
      },
    },
    reportsUint('reported the final stake', 10, {
      read: (answer) => keyedUint(answer, 'stakedAfter'),
      readFirst: true,
      unless: ({ pre, post }) => (post.staked === pre.staked ? 'nothing was staked' : undefined),
      compare: (v, { post }) => compareAmount('stakedAfter', v, post.staked, { symbol: 'CAKE' }),
    }),
  ],
});
