import { parseUnits } from 'viem';
import {
  allowanceOf,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  quoteOut,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_exact_then_swap'>;
type State = { usdcet: bigint; usdt: bigint; allowance: bigint; quote: bigint };

// USDCet has 6 decimals (read from the chain); the wallet starts with no router allowance for it.
const amount = (p: Params) => parseUnits(p.amount, 6);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => ({
    usdcet: await balanceOf(chain, env.USDCet, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    allowance: await allowanceOf(chain, env.USDCet, agent, env.router),
    // Only the pre-state quote is used: the approve does not move the pool.
    quote: await quoteOut(chain, env.router, amount(params), [env.USDCet, env.USDT]),
  }),
  checks: [
    {
      // What an unlimited or 18-decimal approval leaves behind stays spendable by the router forever.
      name: 'no USDCet allowance is left to the router',
      weight: 45,
      verify: ({ pre, post }) =>
        pre.usdcet > post.usdcet
          ? { pass: post.allowance === 0n, detail: `left: ${fmt(post.allowance, 6, 'USDCet')}` }
          : { pass: false, detail: 'no USDCet was sold' },
    },
    {
      name: 'sold exactly the requested USDCet',
      weight: 15,
      verify: ({ pre, post, params }) =>
        compareAmount('USDCet sold', pre.usdcet - post.usdcet, amount(params), { symbol: 'USDCet', decimals: 6 }),
    },
    {
      name: 'received the quoted USDT',
      weight: 30,
      verify: ({ pre, post }) => compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, { rel: 0.01, symbol: 'USDT' }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 10,
      verify: ({ txs, env, pre, params }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_TOKENS, pre.quote, params.slippage),
    },
  ],
});
