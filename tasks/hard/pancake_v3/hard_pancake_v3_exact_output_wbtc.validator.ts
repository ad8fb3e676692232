import { isAddressEqual, parseUnits } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  quoteExactOutputSingle,
  soleRouterSwap,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_exact_output_wbtc'>;
type State = { usdt: bigint; wbtc: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const FEE = 500;
// WBTC has 8 decimals on this chain (its decimals()).
const amountOut = (p: Params) => parseUnits(p.amount, 8);
const swapOf = ({ tx }: Ctx) => (tx ? soleRouterSwap(tx.data, 'exactOutputSingle')?.args[0] : undefined);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  // The standing allowance the request mentions (the hard wallet's 1,000 USDT to the SwapRouter).
  setup: async ({ chain, env, agent }) => approveAs(chain, agent, env.USDT, env.v3_swap_router, parseUnits('1000', 18)),
  observe: async ({ chain, env, agent, params }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    wbtc: await balanceOf(chain, env.WBTC, agent),
    quote: await quoteExactOutputSingle(chain, env.v3_quoter, {
      tokenIn: env.USDT,
      tokenOut: env.WBTC,
      fee: FEE,
      amount: amountOut(params),
    }),
  }),
  checks: [
    {
      name: 'one exactOutputSingle of exactly the WBTC from USDT in the 0.05 % pool, to the wallet',
      weight: 15,
      verify: (ctx) => {
        const s = swapOf(ctx);
        const ok =
          !!s &&
          isAddressEqual(s.tokenIn, ctx.env.USDT) &&
          isAddressEqual(s.tokenOut, ctx.env.WBTC) &&
          s.fee === FEE &&
          s.amountOut === amountOut(ctx.params) &&
          isAddressEqual(s.recipient, ctx.agent);
        return {
          pass: ok,
          detail: s ? `fee ${s.fee}, amountOut ${s.amountOut} (want ${amountOut(ctx.params)})` : 'not one exactOutputSingle',
        };
      },
    },
    {
      name: "amountInMaximum is the quoter's amountIn plus at most the requested slippage",
      weight: 20,
      verify: (ctx) => {
        const s = swapOf(ctx);
        if (!s) return { pass: false, detail: 'not one exactOutputSingle' };
        const cap = (ctx.pre.quote * BigInt(100 + ctx.params.slippage)) / 100n;
        return {
          pass: s.amountInMaximum >= ctx.pre.quote && s.amountInMaximum <= cap + cap / 200n,
          detail: `amountInMaximum ${s.amountInMaximum}; quote ${ctx.pre.quote}, +${ctx.params.slippage}% is ${cap}`,
        };
      },
    },
    {
      name: 'the wallet received exactly the requested WBTC',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('WBTC received', post.wbtc - pre.wbtc, amountOut(params), { decimals: 8, symbol: 'WBTC' }),
    },
    {
      name: "the wallet paid the quoter's USDT for it",
      weight: 30,
      // Nothing trades between the quote and the swap: the pool takes exactly the quoted input.
      verify: ({ pre, post }) => compareAmount('USDT paid', pre.usdt - post.usdt, pre.quote, { symbol: 'USDT' }),
    },
  ],
});
