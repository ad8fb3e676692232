import { decodeFunctionData, parseEther, type Hex } from 'viem';
import {
  balanceOf,
  defineValidator,
  orderedReserves,
  pancakeAmountOut,
  setTokenBalance,
  succeeded,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  SWAP_TOKENS_FOR_EXACT_TOKENS,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_rebalance_one_swap'>;
type State = { cake: bigint; usdt: bigint; rc: bigint; ru: bigint };

/** CAKE's share of the two balances' value at the reserves' price, in basis points. */
const shareBps = (s: State) => {
  const v = (s.cake * s.ru) / s.rc;
  return Number((v * 10000n) / (v + s.usdt));
};
/** Total value in USDT at the reserves' price. */
const total = (s: State) => (s.cake * s.ru) / s.rc + s.usdt;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  // The two balances the rebalance starts from (the router holds the wallet's standing allowances).
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.CAKE, agent, parseEther(params.cake));
    await setTokenBalance(chain, env.USDT, agent, parseEther(params.usdt));
  },
  observe: async ({ chain, env, agent }) => {
    const { reserves } = await orderedReserves(chain, env.pair_CAKE_USDT, env.CAKE);
    return {
      cake: await balanceOf(chain, env.CAKE, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      rc: reserves[0],
      ru: reserves[1],
    };
  },
  checks: [
    succeeded(10, 'the swap went through at the V2 router'),
    {
      name: 'CAKE is the target share of the value, within half a percentage point',
      weight: 60,
      verify: ({ post, params }) => {
        const got = shareBps(post);
        return {
          pass: Math.abs(got - params.pct * 100) <= 50,
          detail: `CAKE is ${got / 100} % of the value, target ${params.pct} % ± 0.5`,
        };
      },
    },
    {
      // Sold amount priced at the pre-trade reserves, as the router quotes it.
      name: 'the minimum output is at most 1 % below the quote',
      weight: 20,
      verify: ({ pre, post, tx }) => {
        let min: bigint | undefined;
        try {
          const c = decodeFunctionData({
            abi: [...SWAP_EXACT_TOKENS_FOR_TOKENS, ...SWAP_TOKENS_FOR_EXACT_TOKENS],
            data: (tx?.data ?? '0x') as Hex,
          });
          if (c.functionName === 'swapExactTokensForTokens') min = c.args[1] as bigint;
        } catch {
          min = undefined;
        }
        if (min === undefined) return { pass: false, detail: 'not an exact-input swap' };
        const sellCake = post.cake < pre.cake;
        const quote = sellCake
          ? pancakeAmountOut(pre.cake - post.cake, pre.rc, pre.ru)
          : pancakeAmountOut(pre.usdt - post.usdt, pre.ru, pre.rc);
        return { pass: min * 1000n >= quote * 985n && min <= quote, detail: `amountOutMin ${min}, quote ${quote}` };
      },
    },
    {
      // The pool's fee and impact cost a little; a swap away from the pair's price costs more.
      name: 'the two balances kept their value (fee and price impact only)',
      weight: 10,
      verify: ({ pre, post }) => {
        const [a, b] = [total(pre), total(post)];
        return { pass: post.cake !== pre.cake && b * 1000n >= a * 985n, detail: `value ${Number(a) / 1e18} → ${Number(b) / 1e18} USDT` };
      },
    },
  ],
});
