import { isAddressEqual, parseEther } from 'viem';
import {
  balanceOf,
  compareAmount,
  deepestTier,
  defineValidator,
  gasCost,
  quoteExactInputSingle,
  slippageFloor,
  soleRouterSwap,
  withGrace,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_deepest_pool_swap'>;
type State = { bnb: bigint; token: bigint; fee: number; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);

const swapOf = ({ tx }: Ctx) => (tx ? soleRouterSwap(tx.data, 'exactInputSingle')?.args[0] : undefined);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  observe: async ({ chain, params, env, agent }) => {
    const fee = await deepestTier(chain, env.v3_factory, env.WBNB, params.token.address);
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, params.token.address, agent),
      fee,
      quote: await quoteExactInputSingle(chain, env.v3_quoter, {
        tokenIn: env.WBNB,
        tokenOut: params.token.address,
        fee,
        amountIn: amountIn(params),
      }),
    };
  },
  checks: [
    {
      name: 'one exactInputSingle of the BNB (as WBNB) for the token in the deepest tier, to the wallet',
      weight: 20,
      verify: (ctx) => {
        const s = swapOf(ctx);
        if (!s) return { pass: false, detail: 'not one exactInputSingle' };
        const ok =
          isAddressEqual(s.tokenIn, ctx.env.WBNB) &&
          isAddressEqual(s.tokenOut, ctx.params.token.address) &&
          s.amountIn === amountIn(ctx.params) &&
          isAddressEqual(s.recipient, ctx.agent);
        return {
          pass: ok && s.fee === ctx.pre.fee,
          detail: `fee tier ${s.fee} (the deepest is ${ctx.pre.fee})${ok ? '' : '; tokens, amount or recipient differ from the request'}`,
        };
      },
    },
    {
      name: "received exactly the quoter's amount for the deepest pool",
      weight: 50,
      // Nothing trades between the quote and the swap, so the pool pays what the quoter said.
      verify: ({ pre, post, params }) =>
        compareAmount(`${params.token.symbol} received`, post.token - pre.token, pre.quote, { rel: 0.000001, symbol: params.token.symbol }),
    },
    {
      name: 'amountOutMinimum is the quote less the requested slippage',
      weight: 20,
      verify: (ctx) => {
        const s = swapOf(ctx);
        if (!s) return { pass: false, detail: 'not one exactInputSingle' };
        const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
        return {
          pass: s.amountOutMinimum >= withGrace(floor) && s.amountOutMinimum <= ctx.pre.quote,
          detail: `amountOutMinimum ${s.amountOutMinimum}; quote ${ctx.pre.quote}, ${ctx.params.slippage}% under it ${floor}`,
        };
      },
    },
    {
      name: 'the wallet spent exactly the BNB (plus gas)',
      weight: 10,
      verify: (ctx) =>
        compareAmount('BNB spent besides gas', ctx.pre.bnb - ctx.post.bnb - gasCost(ctx), amountIn(ctx.params), { symbol: 'BNB' }),
    },
  ],
});
