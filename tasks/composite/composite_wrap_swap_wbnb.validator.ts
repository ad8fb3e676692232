import { parseEther } from 'viem';
import {
  approvalsBefore,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  lastCallTo,
  quoteOut,
  sameAddress,
  selectorOf,
  successful,
  tokenDecimals,
  type EpisodeTx,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_wrap_swap_wbnb'>;
type State = { wbnb: bigint; usdt: bigint; quote: bigint };

const wrappedAmount = (txs: EpisodeTx[] | undefined, wbnb: `0x${string}`) =>
  successful(txs)
    .filter((t) => sameAddress(t.tx.to, wbnb) && t.tx.data.startsWith(selectorOf('deposit()')))
    .reduce((s, t) => s + t.tx.value, 0n);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Without the standing WBNB allowance the approve step is really needed.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.WBNB, env.router, 0n);
  },
  observe: async ({ chain, env, params, agent }) => ({
    wbnb: await balanceOf(chain, env.WBNB, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    quote: await quoteOut(chain, env.router, parseEther(params.amount), [env.WBNB, env.USDT]),
  }),
  checks: [
    {
      name: 'wrapped exactly the requested BNB',
      weight: 20,
      verify: ({ txs, env, params }) =>
        compareAmount('wrapped', wrappedAmount(txs, env.WBNB), parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'approved the router for the WBNB before swapping',
      weight: 20,
      verify: ({ txs, env, params }) => {
        const lastSwap = lastCallTo(txs, env.router);
        if (lastSwap < 0) return { pass: false, detail: 'no successful router call' };
        const granted = approvalsBefore(txs, env.WBNB, env.router, lastSwap);
        const total = granted.reduce((s, a) => s + a, 0n);
        return { pass: granted.length > 0 && total >= parseEther(params.amount), detail: `approved ${total} WBNB before the swap` };
      },
    },
    {
      name: 'received the quoted USDT for the WBNB',
      weight: 45,
      // The quote is the router's (its own fee: 0.25 % on PancakeSwap, 0.3 % on Uniswap), in USDT's own decimals.
      verify: async ({ pre, post, chain, env }) =>
        compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'sold exactly the wrapped WBNB',
      weight: 15,
      verify: ({ pre, post, txs, env }) => {
        // Wrapped and sold the same amount: the WBNB holding ends where it started.
        if (wrappedAmount(txs, env.WBNB) === 0n) return { pass: false, detail: 'nothing was wrapped' };
        if (post.usdt <= pre.usdt) return { pass: false, detail: 'nothing was swapped' };
        return compareAmount('WBNB holding change', post.wbnb - pre.wbnb, 0n, { symbol: 'WBNB' });
      },
    },
  ],
});
