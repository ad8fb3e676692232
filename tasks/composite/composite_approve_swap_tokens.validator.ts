import { parseUnits } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  grantSpent,
  quoteOut,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_swap_tokens'>;
type State = { usdt: bigint; busd: bigint; allowance: bigint; quote: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing router allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.USDT, env.router, 0n);
  },
  observe: async ({ chain, env, agent, params }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    busd: await balanceOf(chain, env.BUSD, agent),
    allowance: await allowanceOf(chain, env.USDT, agent, env.router),
    // Only the pre-state quote is used: the approve does not move the pool.
    quote: await quoteOut(chain, env.router, amount(params), [env.USDT, env.BUSD]),
  }),
  checks: [
    {
      // Left-over allowance plus what the router pulled = what was granted; it must be the requested amount.
      name: 'router was approved for exactly the requested USDT and the swap used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(approvalSent(txs, env.USDT, env.router), pre.usdt - post.usdt, post.allowance, amount(params), 'the router', 'USDT'),
    },
    {
      name: 'sold exactly the requested USDT',
      weight: 20,
      verify: ({ pre, post, params }) => compareAmount('USDT sold', pre.usdt - post.usdt, amount(params), { symbol: 'USDT' }),
    },
    {
      name: 'received the quoted amount of BUSD',
      weight: 45,
      verify: ({ pre, post }) => compareAmount('BUSD received', post.busd - pre.busd, pre.quote, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 20,
      verify: ({ txs, env, pre, params }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_TOKENS, pre.quote, params.slippage),
    },
  ],
});
