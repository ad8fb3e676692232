import { parseEther } from 'viem';
import {
  approveAs,
  bestQuote,
  bnbSaleAtQuote,
  compareAmount,
  defineValidator,
  episodeGas,
  fmt,
  highestApproval,
  nativeBalance,
  soleBnbSwap,
  soleSwap,
  tokenDecimals,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_multi_token_swap'>;
type State = { bnb: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing USDT allowance would make the approval pointless: take it away.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.USDT, env.router, 0n);
  },
  observe: async ({ chain, agent }) => ({ bnb: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'sold exactly the requested BNB for the quoted USDT',
      weight: 25,
      verify: (ctx) => bnbSaleAtQuote(ctx, { token: ctx.env.USDT, symbol: 'USDT' }, ctx.params.amount_bnb),
    },
    {
      name: 'router approved for the USDT received',
      weight: 10,
      verify: async ({ txs, env, agent, chain }) => {
        const s = soleBnbSwap(txs, env.router, agent, env.USDT);
        const allowance = highestApproval(txs, env.USDT, agent, env.router);
        // Amounts shown in USDT's own decimals (6 for Base's USDC).
        const d = await tokenDecimals(chain, env.USDT);
        return {
          pass: !!s && allowance >= s.got,
          detail: `approved ${fmt(allowance, d)} USDT, first swap returned ${fmt(s?.got ?? 0n, d)}`,
        };
      },
    },
    {
      name: 'sold exactly the USDT the requested BNB bought for the quoted BUSD',
      weight: 50,
      verify: async ({ txs, env, agent, params, chain }) => {
        const first = soleBnbSwap(txs, env.router, agent, env.USDT);
        const s = soleSwap(txs, agent, env.USDT, env.BUSD);
        if (!first || !s) return { pass: false, detail: 'expected one BNB → USDT and one USDT → BUSD swap' };
        if (first.tx.value !== parseEther(params.amount_bnb))
          return { pass: false, detail: `the first swap sold ${fmt(first.tx.value)} BNB, not ${params.amount_bnb}` };
        if (s.sold !== first.got) {
          const d = await tokenDecimals(chain, env.USDT);
          return { pass: false, detail: `sold ${fmt(s.sold, d)} USDT, the first swap returned ${fmt(first.got, d)}` };
        }
        const quote = await bestQuote(chain, env, s.sold, env.USDT, env.BUSD, s.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      name: 'BNB spent is the requested amount plus gas',
      weight: 15,
      verify: ({ txs, params, pre, post }) =>
        compareAmount('BNB spent apart from gas', pre.bnb - post.bnb - episodeGas(txs), parseEther(params.amount_bnb), { symbol: 'BNB' }),
    },
  ],
});
