import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  keyedUint,
  quoteOut,
  reportsUint,
  saleAtQuote,
  saleMinOut,
  setTokenBalance,
  soleSwap,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_optimized_swap_with_query'>;
type State = { busd: bigint; quote: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance BUSD balance makes the final query necessary; without the standing allowance the
  // allowance check finds nothing and the approval is needed.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.BUSD, agent, await tokenUnits(chain.public, env.BUSD, params.start_busd));
    await approveAs(chain, agent, env.USDT, env.router, 0n);
  },
  observe: async ({ chain, env, agent, params }) => ({
    busd: await balanceOf(chain, env.BUSD, agent),
    quote: await quoteOut(chain, env.router, await tokenUnits(chain, env.USDT, params.amount), [env.USDT, env.BUSD]),
  }),
  checks: [
    // Working the constant-product formula by hand may round or use a slightly different fee.
    reportsUint('reported the output the reserves imply', 15, {
      read: (answer) => keyedUint(answer, 'expectedOut'),
      readFirst: true,
      // A report without the workflow behind it earns nothing.
      unless: ({ pre, post }) => (post.busd === pre.busd ? 'no swap happened' : undefined),
      compare: (v, { pre }) => compareAmount('expectedOut', v, pre.quote, { rel: 0.005, symbol: 'BUSD' }),
    }),
    {
      name: 'router approved for the USDT',
      weight: 10,
      // approvedAtLeast's check, the allowance shown in USDT's own decimals.
      verify: async ({ txs, env, agent, params, chain }) => {
        const allowance = highestApproval(txs, env.USDT, agent, env.router);
        const need = await tokenUnits(chain, env.USDT, params.amount);
        return { pass: allowance >= need, detail: `approved ${fmt(allowance, await tokenDecimals(chain, env.USDT))} USDT` };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted BUSD',
      weight: 40,
      verify: (ctx) =>
        saleAtQuote(ctx, { token: ctx.env.USDT, symbol: 'USDT' }, { token: ctx.env.BUSD, symbol: 'BUSD' }, ctx.params.amount),
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 15,
      verify: async ({ txs, env, agent, params, chain }) =>
        saleMinOut(soleSwap(txs, agent, env.USDT, env.BUSD), await tokenUnits(chain, env.USDT, params.amount), params.slippage),
    },
    reportsUint('reported the final BUSD balance', 20, {
      read: (answer) => keyedUint(answer, 'busd'),
      readFirst: true,
      unless: ({ pre, post }) => (post.busd === pre.busd ? 'the BUSD balance did not change' : undefined),
      compare: (v, { post }) => compareAmount('reported BUSD', v, post.busd, { symbol: 'BUSD' }),
    }),
  ],
});
