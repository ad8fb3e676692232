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
  reportsUint,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_swap_query_result'>;
type State = { usdt: bigint; busd: bigint; allowance: bigint; quote: bigint };

const amount = (p: Pick<Params, 'amount'>) => parseUnits(p.amount, 18);

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
    quote: await quoteOut(chain, env.router, amount(params), [env.USDT, env.BUSD]),
  }),
  checks: [
    {
      name: 'router was approved for exactly the requested USDT and the swap used it',
      weight: 15,
      verify: ({ pre, post, params, txs, env }) =>
        grantSpent(approvalSent(txs, env.USDT, env.router), pre.usdt - post.usdt, post.allowance, amount(params), 'the router', 'USDT'),
    },
    {
      name: 'sold exactly the requested USDT',
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('USDT sold', pre.usdt - post.usdt, amount(params), { symbol: 'USDT' }),
    },
    {
      name: 'received the quoted amount of BUSD',
      weight: 35,
      verify: ({ pre, post }) => compareAmount('BUSD received', post.busd - pre.busd, pre.quote, { rel: 0.01, symbol: 'BUSD' }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 15,
      verify: ({ txs, env, pre, params }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_TOKENS, pre.quote, params.slippage),
    },
    // Only meaningful once the swap happened: an untouched balance reported back earns nothing.
    reportsUint('reported BUSD balance equals the balance after the swap', 20, {
      unless: ({ pre, post }) => (post.busd === pre.busd ? 'the BUSD balance never changed' : undefined),
      compare: (v, { post }) => compareAmount('reported', v, post.busd, { symbol: 'BUSD' }),
    }),
  ],
});
