import { parseUnits } from 'viem';
import {
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  nativeBalance,
  quoteIn,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_units_buy_exact_wbtc'>;
type State = { wbtc: bigint; bnb: bigint; quote: bigint };

const amountOut = (p: Params) => parseUnits(p.amount, 8);

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, env, params, agent }) => ({
    wbtc: await balanceOf(chain, env.WBTC, agent),
    bnb: await nativeBalance(chain, agent),
    quote: await quoteIn(chain, env.router, amountOut(params), [env.WBNB, env.WBTC]),
  }),
  checks: [
    callsFunction(10, 'swapETHForExactTokens(uint256,address[],address,uint256)'),
    {
      name: 'the wallet received exactly the requested WBTC',
      weight: 45,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.wbtc - pre.wbtc, amountOut(params), { decimals: 8, symbol: 'WBTC' }),
    },
    {
      // Nothing moves the pair between the quote and the swap, so the cost is the quote itself.
      name: 'the wallet paid the quoted BNB, the rest refunded',
      weight: 25,
      verify: (ctx) => compareAmount('BNB spent', ctx.pre.bnb - ctx.post.bnb - gasCost(ctx), ctx.pre.quote, { symbol: 'BNB' }),
    },
    {
      name: 'the BNB sent is within the slippage budget',
      weight: 20,
      verify: ({ tx, pre, params }) => {
        const value = tx?.value ?? 0n;
        const cap = (pre.quote * BigInt(100 + params.slippage)) / 100n;
        return { pass: value >= pre.quote && value <= cap, detail: `sent ${value} wei, quote ${pre.quote}, budget up to ${cap}` };
      },
    },
  ],
});
