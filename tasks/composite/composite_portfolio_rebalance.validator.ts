import {
  answerField,
  balanceOf,
  compareAmount,
  defineValidator,
  keyedUint,
  parseUintAnswer,
  reportsUint,
  saleAtQuote,
  salesMinOut,
  setTokenBalance,
  soleSwap,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_portfolio_rebalance'>;
type State = { usdt: bigint; cake: bigint; busd: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Per-instance balances make all three queries necessary. Amounts are in each token's own decimals
  // (USDT's role has 6 on Base).
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.USDT, agent, await tokenUnits(chain.public, env.USDT, params.start_usdt));
    await setTokenBalance(chain, env.CAKE, agent, await tokenUnits(chain.public, env.CAKE, params.start_cake));
    await setTokenBalance(chain, env.BUSD, agent, await tokenUnits(chain.public, env.BUSD, params.start_busd));
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
    busd: await balanceOf(chain, env.BUSD, agent),
  }),
  checks: [
    {
      name: 'reported the starting USDT and CAKE balances',
      weight: 10,
      verify: ({ answer, pre, post }) => {
        const u = parseUintAnswer(answerField(answer, 'usdt'));
        const c = parseUintAnswer(answerField(answer, 'cake'));
        if ('error' in u || 'error' in c)
          return { pass: false, detail: `usdt: ${'error' in u ? u.error : 'ok'}; cake: ${'error' in c ? c.error : 'ok'}` };
        // A report without the workflow behind it earns nothing.
        if (post.busd === pre.busd) return { pass: false, detail: 'nothing was swapped into BUSD' };
        return {
          pass: u.value === pre.usdt && c.value === pre.cake,
          detail: `reported ${u.value} / ${c.value}, chain ${pre.usdt} / ${pre.cake}`,
        };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted BUSD',
      weight: 35,
      verify: (ctx) =>
        saleAtQuote(ctx, { token: ctx.env.USDT, symbol: 'USDT' }, { token: ctx.env.BUSD, symbol: 'BUSD' }, ctx.params.amount_usdt),
    },
    {
      name: 'sold exactly the requested CAKE for the quoted BUSD',
      weight: 35,
      verify: (ctx) =>
        saleAtQuote(ctx, { token: ctx.env.CAKE, symbol: 'CAKE' }, { token: ctx.env.BUSD, symbol: 'BUSD' }, ctx.params.amount_cake),
    },
    {
      name: 'both minimum outputs respect the slippage limit',
      weight: 10,
      verify: async ({ txs, env, agent, params, chain }) =>
        salesMinOut(
          [
            [soleSwap(txs, agent, env.USDT, env.BUSD), await tokenUnits(chain, env.USDT, params.amount_usdt)],
            [soleSwap(txs, agent, env.CAKE, env.BUSD), await tokenUnits(chain, env.CAKE, params.amount_cake)],
          ],
          params.slippage,
          'a swap of the requested amount is missing or not an exact-input token swap',
        ),
    },
    reportsUint('reported the final BUSD balance', 10, {
      read: (answer) => keyedUint(answer, 'busd'),
      readFirst: true,
      unless: ({ pre, post }) => (post.busd === pre.busd ? 'the BUSD balance did not change' : undefined),
      compare: (v, { post }) => compareAmount('reported BUSD', v, post.busd, { symbol: 'BUSD' }),
    }),
  ],
});
