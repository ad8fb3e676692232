import type { Address, PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  quoteOut,
  routerSwapMinOut,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  tokenDecimals,
  tokenUnits,
  unusedApproval,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_approve_swap_tokens'>;
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
    // Only the pre-state quote is used: the approve does not move the pool.
    quote: await quoteOut(chain, env.router, await amount(chain, env, params), [env.USDT, env.BUSD]),
  }),
  checks: [
    {
      // Left-over allowance plus what the router pulled = what was granted; it must be the requested amount.
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
      weight: 20,
      verify: async ({ pre, post, params, env, chain }) =>
        compareAmount('USDT sold', pre.usdt - post.usdt, await amount(chain, env, params), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
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
