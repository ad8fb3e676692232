import type { Address, PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  quoteOut,
  reportsUint,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  tokenDecimals,
  tokenUnits,
  unusedApproval,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_swap_query_result'>;
type State = { usdt: bigint; busd: bigint; allowance: bigint; quote: bigint };

/** The requested USDT in the token's own decimals (18 on BSC, 6 for Base's USDC). */
const amount = (chain: PublicClient, env: { readonly USDT: Address }, p: Pick<Params, 'amount'>) => tokenUnits(chain, env.USDT, p.amount);

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
    quote: await quoteOut(chain, env.router, await amount(chain, env, params), [env.USDT, env.BUSD]),
  }),
  checks: [
    {
      name: 'router was approved for exactly the requested USDT and the swap used it',
      weight: 15,
      // grantSpent's check, its amounts shown in USDT's own decimals.
      verify: async ({ pre, post, params, txs, env, chain }) =>
        unusedApproval(approvalSent(txs, env.USDT, env.router), pre.usdt - post.usdt, 'the router', 'USDT') ??
        compareAmount('USDT allowance granted', post.allowance + (pre.usdt - post.usdt), await amount(chain, env, params), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'sold exactly the requested USDT',
      weight: 15,
      verify: async ({ pre, post, params, env, chain }) =>
        compareAmount('USDT sold', pre.usdt - post.usdt, await amount(chain, env, params), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
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
