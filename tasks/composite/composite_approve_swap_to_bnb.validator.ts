import { parseUnits } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  grantSpent,
  nativeBalance,
  quoteOut,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_ETH,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_swap_to_bnb'>;
type State = { usdt: bigint; bnb: bigint; allowance: bigint; quote: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing router allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.USDT, env.router, 0n);
  },
  observe: async ({ chain, env, agent, params }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    bnb: await nativeBalance(chain, agent),
    allowance: await allowanceOf(chain, env.USDT, agent, env.router),
    quote: await quoteOut(chain, env.router, amount(params), [env.USDT, env.WBNB]),
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
      weight: 20,
      verify: ({ pre, post, params }) => compareAmount('USDT sold', pre.usdt - post.usdt, amount(params), { symbol: 'USDT' }),
    },
    {
      // Native BNB in the wallet, with the gas of every round added back.
      name: 'received the quoted amount of native BNB',
      weight: 45,
      verify: ({ pre, post, txs }) =>
        compareAmount('BNB received', post.bnb - pre.bnb + episodeGas(txs), pre.quote, { rel: 0.01, symbol: 'BNB' }),
    },
    {
      name: 'amountOutMin enforces the slippage limit',
      weight: 20,
      verify: ({ txs, env, pre, params }) => routerSwapMinOut(txs, env.router, SWAP_EXACT_TOKENS_FOR_ETH, pre.quote, params.slippage),
    },
  ],
});
