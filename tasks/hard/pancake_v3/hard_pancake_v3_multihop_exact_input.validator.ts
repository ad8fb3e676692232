import { isAddressEqual, parseEther } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  decodeV3Path,
  defineValidator,
  encodeV3Path,
  quoteExactInput,
  setTokenBalance,
  slippageFloor,
  soleRouterSwap,
  withGrace,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_multihop_exact_input'>;
type State = { cake: bigint; out: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);
const pathOf = (ctx: Pick<Ctx, 'env' | 'params'>) =>
  encodeV3Path([ctx.env.CAKE, ctx.env.WBNB, ctx.params.out.address], [2500, ctx.params.out.fee]);
const swapOf = ({ tx }: Ctx) => (tx ? soleRouterSwap(tx.data, 'exactInput')?.args[0] : undefined);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  // CAKE to sell and the SwapRouter's allowance for exactly it, as the request says.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.CAKE, agent, parseEther('1000'));
    await approveAs(chain, agent, env.CAKE, env.v3_swap_router, amountIn(params));
  },
  observe: async ({ chain, env, agent, params }) => ({
    cake: await balanceOf(chain, env.CAKE, agent),
    out: await balanceOf(chain, params.out.address, agent),
    quote: await quoteExactInput(chain, env.v3_quoter, pathOf({ env, params }), amountIn(params)),
  }),
  checks: [
    {
      name: 'one exactInput along CAKE -(0.25 %)- WBNB -(the named tier)- token, of exactly the CAKE, to the wallet',
      weight: 20,
      verify: (ctx) => {
        const s = swapOf(ctx);
        if (!s) return { pass: false, detail: 'not one exactInput' };
        const path = decodeV3Path(s.path);
        const ok =
          s.path.toLowerCase() === pathOf(ctx).toLowerCase() &&
          s.amountIn === amountIn(ctx.params) &&
          isAddressEqual(s.recipient, ctx.agent);
        return {
          pass: ok,
          detail: `path fees ${path?.fees.join(', ') ?? 'undecodable'} (want 2500, ${ctx.params.out.fee})${ok ? '' : '; path, amount or recipient differ from the request'}`,
        };
      },
    },
    {
      name: "received exactly the quoter's amount for the named path",
      weight: 50,
      verify: ({ pre, post, params }) =>
        compareAmount(`${params.out.symbol} received`, post.out - pre.out, pre.quote, { rel: 0.000001, symbol: params.out.symbol }),
    },
    {
      name: 'amountOutMinimum is the quote less the requested slippage',
      weight: 15,
      verify: (ctx) => {
        const s = swapOf(ctx);
        if (!s) return { pass: false, detail: 'not one exactInput' };
        const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
        return {
          pass: s.amountOutMinimum >= withGrace(floor) && s.amountOutMinimum <= ctx.pre.quote,
          detail: `amountOutMinimum ${s.amountOutMinimum}; quote ${ctx.pre.quote}, ${ctx.params.slippage}% under it ${floor}`,
        };
      },
    },
    {
      name: 'sold exactly the requested CAKE',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('CAKE sold', pre.cake - post.cake, amountIn(params), { symbol: 'CAKE' }),
    },
  ],
});
