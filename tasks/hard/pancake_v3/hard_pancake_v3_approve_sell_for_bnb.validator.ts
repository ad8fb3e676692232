import { isAddressEqual, parseEther, parseUnits } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  approveAs,
  balanceOf,
  compareAmount,
  deepestTier,
  defineValidator,
  episodeGas,
  quoteExactInputSingle,
  routerCalls,
  setTokenBalance,
  slippageFloor,
  withGrace,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_approve_sell_for_bnb'>;
type State = { token: bigint; wbnb: bigint; bnb: bigint; allowance: bigint; fee: number; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amount = (p: Params) => parseUnits(p.sale.amount, p.sale.decimals);

/** The episode's successful SwapRouter transaction that sells the token for WBNB, with its calls. */
function sale({ txs, env, params }: Ctx) {
  for (const t of txs ?? []) {
    if (t.receipt.status !== 'success' || !isAddressEqual(t.tx.to, env.v3_swap_router)) continue;
    const calls = routerCalls(t.tx.data);
    const swap = calls.find((c) => c.functionName === 'exactInputSingle');
    if (swap && isAddressEqual(swap.args[0].tokenIn, params.sale.address) && isAddressEqual(swap.args[0].tokenOut, env.WBNB)) {
      const unwrap = calls.find((c) => c.functionName === 'unwrapWETH9');
      return { swap: swap.args[0], unwrapMin: unwrap ? (unwrap.args[0] as bigint) : 0n };
    }
  }
  return undefined;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // The tokens to sell, and no standing allowance: the approve step is really needed.
  setup: async ({ chain, env, agent, params }) => {
    if (params.sale.symbol === 'CAKE') await setTokenBalance(chain, env.CAKE, agent, parseEther('1000'));
    await approveAs(chain, agent, params.sale.address, env.v3_swap_router, 0n);
  },
  observe: async ({ chain, env, agent, params }) => {
    // The approve does not move the pool: the deepest tier and its quote before the episode are those at the swap.
    const fee = await deepestTier(chain, env.v3_factory, params.sale.address, env.WBNB);
    return {
      token: await balanceOf(chain, params.sale.address, agent),
      wbnb: await balanceOf(chain, env.WBNB, agent),
      bnb: await chain.getBalance({ address: agent }),
      allowance: await allowanceOf(chain, params.sale.address, agent, env.v3_swap_router),
      fee,
      quote: await quoteExactInputSingle(chain, env.v3_quoter, {
        tokenIn: params.sale.address,
        tokenOut: env.WBNB,
        fee,
        amountIn: amount(params),
      }),
    };
  },
  checks: [
    {
      name: 'the SwapRouter was approved for exactly the requested amount',
      weight: 15,
      verify: ({ txs, params, env, pre, post }) => {
        if (approvalCalls(txs, params.sale.address, env.v3_swap_router).length === 0)
          return { pass: false, detail: 'no successful approve of the SwapRouter' };
        return compareAmount('allowance granted', post.allowance + (pre.token - post.token), amount(params), {
          decimals: params.sale.decimals,
          symbol: params.sale.symbol,
        });
      },
    },
    {
      name: 'sold exactly the requested tokens',
      weight: 15,
      verify: ({ pre, post, params }) =>
        compareAmount(`${params.sale.symbol} sold`, pre.token - post.token, amount(params), {
          decimals: params.sale.decimals,
          symbol: params.sale.symbol,
        }),
    },
    {
      name: "the wallet received the deepest pool's quote in native BNB",
      weight: 45,
      // Nothing trades between the quote and the swap, so the pool pays what the quoter said.
      verify: ({ pre, post, txs }) =>
        compareAmount('BNB received besides gas', post.bnb + episodeGas(txs) - pre.bnb, pre.quote, { rel: 0.000001, symbol: 'BNB' }),
    },
    {
      name: 'the swap used the deepest tier with a minimum of the quote less the requested slippage',
      weight: 15,
      verify: (ctx) => {
        const s = sale(ctx);
        if (!s) return { pass: false, detail: 'no successful exactInputSingle of the token for WBNB through the SwapRouter' };
        const min = s.swap.amountOutMinimum > s.unwrapMin ? s.swap.amountOutMinimum : s.unwrapMin;
        const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
        return {
          pass: s.swap.fee === ctx.pre.fee && min >= withGrace(floor) && min <= ctx.pre.quote,
          detail: `fee ${s.swap.fee} (deepest ${ctx.pre.fee}), minimum ${min}; quote ${ctx.pre.quote}, ${ctx.params.slippage}% under it ${floor}`,
        };
      },
    },
    {
      name: 'no WBNB was left in the wallet instead of BNB',
      weight: 10,
      verify: (ctx) =>
        sale(ctx)
          ? compareAmount('WBNB change', ctx.post.wbnb - ctx.pre.wbnb, 0n, { symbol: 'WBNB' })
          : { pass: false, detail: 'nothing was sold' },
    },
  ],
});
