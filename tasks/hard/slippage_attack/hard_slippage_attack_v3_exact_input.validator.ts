import { isAddressEqual, parseEther } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  frontRunV3,
  gasCost,
  quoteExactInputSingle,
  slippageFloor,
  soleRouterSwap,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_v3_exact_input'>;
type State = { bnb: bigint; token: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);

/** The swap the transaction makes, if it is the requested one: the BNB as WBNB into the named pool, the token to the wallet. */
function requestedSwap({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  const swap = tx && soleRouterSwap(tx.data, 'exactInputSingle');
  if (!swap) return undefined;
  const s = swap.args[0];
  const ok =
    tx.value === amountIn(params) &&
    s.amountIn === amountIn(params) &&
    isAddressEqual(s.tokenIn, env.WBNB) &&
    isAddressEqual(s.tokenOut, params.token.address) &&
    s.fee === params.token.fee &&
    isAddressEqual(s.recipient, agent);
  return ok ? { min: s.amountOutMinimum } : undefined;
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const swap = requestedSwap(ctx);
  if (!swap) return { pass: false, detail: 'the transaction is not the requested swap' };
  const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
  return {
    pass: swap.min >= withGrace(floor) && swap.min <= ctx.pre.quote,
    detail: `amountOutMinimum ${swap.min}; the quoter gave ${ctx.pre.quote} before the trade, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  revertMayScore: true,
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token.address, agent),
    quote: await quoteExactInputSingle(chain, env.v3_quoter, {
      tokenIn: env.WBNB,
      tokenOut: params.token.address,
      fee: params.token.fee,
      amountIn: amountIn(params),
    }),
  }),
  // A seller of WBNB in the same pool ahead of the trade, stopped by a price limit 20 % down: the wallet would get about 20 % less.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.v3_swap_router)) return;
    await frontRunV3(chain, {
      router: env.v3_swap_router,
      pool: params.token.pool as `0x${string}`,
      sell: env.WBNB,
      wbnb: env.WBNB,
      dropBps: 2000n,
    });
  },
  checks: [
    {
      name: 'the transaction swaps exactly the requested BNB in the named pool, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx)
          ? 'ok'
          : 'not one exactInputSingle of the requested BNB (as WBNB) for the token at the named fee tier, to the wallet',
      }),
    },
    { name: 'amountOutMinimum is the quote less the requested slippage', weight: 30, verify: minimumHonoured },
    {
      name: 'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, receipt } = ctx;
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.token - pre.token;
        if (receipt?.status === 'success')
          return compareAmount(`${params.token.symbol} received (at least the floor)`, got >= floor ? floor : got, floor, {
            symbol: params.token.symbol,
          });
        if (!minimumHonoured(ctx).pass) return { pass: false, detail: 'the swap reverted, but not on the requested minimum' };
        const lost = pre.bnb - post.bnb;
        return {
          pass: lost === gasCost(ctx) && got === 0n,
          detail: `reverted; the wallet paid ${lost} wei of BNB (gas ${gasCost(ctx)}) and its ${params.token.symbol} moved by ${got}`,
        };
      },
    },
  ],
});
