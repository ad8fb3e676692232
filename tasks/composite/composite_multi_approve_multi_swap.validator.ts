import {
  approveAs,
  balanceOf,
  bestQuote,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  keyedUint,
  reportsUint,
  saleAtQuote,
  salesMinOut,
  setTokenBalance,
  soleSwap,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_multi_approve_multi_swap'>;
type State = { busd: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance BUSD balance makes the final query necessary; the standing allowances would make
  // both approvals pointless, so they are removed.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.BUSD, agent, await tokenUnits(chain.public, env.BUSD, params.start_busd));
    for (const token of [env.USDT, env.CAKE]) await approveAs(chain, agent, token, env.router, 0n);
  },
  observe: async ({ chain, env, agent }) => ({ busd: await balanceOf(chain, env.BUSD, agent) }),
  checks: [
    {
      name: 'router approved for the USDT',
      weight: 5,
      // approvedAtLeast's check, the allowance shown in USDT's own decimals.
      verify: async ({ txs, env, agent, params, chain }) => {
        const allowance = highestApproval(txs, env.USDT, agent, env.router);
        const need = await tokenUnits(chain, env.USDT, params.amount);
        return { pass: allowance >= need, detail: `approved ${fmt(allowance, await tokenDecimals(chain, env.USDT))} USDT` };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted CAKE',
      weight: 20,
      verify: (ctx) =>
        saleAtQuote(ctx, { token: ctx.env.USDT, symbol: 'USDT' }, { token: ctx.env.CAKE, symbol: 'CAKE' }, ctx.params.amount),
    },
    {
      name: 'router approved for the CAKE received',
      weight: 5,
      verify: ({ txs, env, agent }) => {
        const s = soleSwap(txs, agent, env.USDT, env.CAKE);
        const allowance = highestApproval(txs, env.CAKE, agent, env.router);
        return { pass: !!s && allowance >= s.got, detail: `approved ${fmt(allowance)} CAKE, first swap returned ${fmt(s?.got ?? 0n)}` };
      },
    },
    {
      name: 'sold exactly the CAKE the requested USDT bought for the quoted BUSD',
      weight: 45,
      verify: async ({ txs, env, agent, params, chain }) => {
        const first = soleSwap(txs, agent, env.USDT, env.CAKE);
        const s = soleSwap(txs, agent, env.CAKE, env.BUSD);
        if (!first || !s) return { pass: false, detail: 'expected one USDT → CAKE and one CAKE → BUSD swap' };
        if (first.sold !== (await tokenUnits(chain, env.USDT, params.amount)))
          return {
            pass: false,
            detail: `the first swap sold ${fmt(first.sold, await tokenDecimals(chain, env.USDT))} USDT, not ${params.amount}`,
          };
        if (s.sold !== first.got) return { pass: false, detail: `sold ${fmt(s.sold)} CAKE, the first swap returned ${fmt(first.got)}` };
        const quote = await bestQuote(chain, env, s.sold, env.CAKE, env.BUSD, s.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      name: 'both minimum outputs respect the slippage limit',
      weight: 10,
      verify: ({ txs, env, agent, params }) =>
        salesMinOut(
          [[soleSwap(txs, agent, env.USDT, env.CAKE)], [soleSwap(txs, agent, env.CAKE, env.BUSD)]],
          params.slippage,
          'missing or not an exact-input token swap',
        ),
    },
    reportsUint('reported the final BUSD balance', 15, {
      read: (answer) => keyedUint(answer, 'busd'),
      readFirst: true,
      unless: ({ pre, post }) => (post.busd === pre.busd ? 'the BUSD balance did not change' : undefined),
      compare: (v, { post }) => compareAmount('reported BUSD', v, post.busd, { symbol: 'BUSD' }),
    }),
  ],
});
