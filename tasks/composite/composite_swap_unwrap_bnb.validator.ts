import {
  balanceOf,
  compareAmount,
  defineValidator,
  episodeGas,
  nativeBalance,
  quoteOut,
  sameAddress,
  selectorOf,
  successful,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_swap_unwrap_bnb'>;
type State = { usdt: bigint; wbnb: bigint; bnb: bigint; quote: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, params, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    wbnb: await balanceOf(chain, env.WBNB, agent),
    bnb: await nativeBalance(chain, agent),
    quote: await quoteOut(chain, env.router, await tokenUnits(chain, env.USDT, params.amount_in), [env.USDT, env.WBNB]),
  }),
  checks: [
    {
      name: 'sold exactly the requested USDT',
      weight: 20,
      verify: async ({ pre, post, params, env, chain }) =>
        compareAmount('USDT sold', pre.usdt - post.usdt, await tokenUnits(chain, env.USDT, params.amount_in), {
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        }),
    },
    {
      name: 'the WBNB bought came out as BNB',
      weight: 50,
      verify: ({ pre, post, txs }) =>
        compareAmount('BNB gained besides gas', post.bnb - pre.bnb + episodeGas(txs), pre.quote, { rel: 0.01, symbol: 'BNB' }),
    },
    {
      name: 'only the WBNB bought was unwrapped',
      weight: 30,
      verify: ({ pre, post, txs, env }) => {
        const unwrapped = successful(txs).some(
          (t) => sameAddress(t.tx.to, env.WBNB) && t.tx.data.startsWith(selectorOf('withdraw(uint256)')),
        );
        if (!unwrapped) return { pass: false, detail: 'no successful WBNB.withdraw' };
        return compareAmount('WBNB holding change', post.wbnb - pre.wbnb, 0n, { abs: pre.quote / 100n, symbol: 'WBNB' });
      },
    },
  ],
});
