import { parseEther } from 'viem';
import { balanceOf, compareAmount, defineValidator, episodeGas, nativeBalance, selectorOf } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_wrap_unwrap_cycle'>;
type State = { wbnb: bigint; bnb: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent }) => ({ wbnb: await balanceOf(chain, env.WBNB, agent), bnb: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'wrapped exactly the requested amount',
      weight: 30,
      verify: ({ txs, env, params }) => {
        const wrap = txs?.find(
          (t) => t.receipt.status === 'success' && t.tx.to === env.WBNB && t.tx.data.startsWith(selectorOf('deposit()')),
        );
        if (!wrap) return { pass: false, detail: 'no successful deposit() into WBNB' };
        return compareAmount('wrapped', wrap.tx.value, parseEther(params.amount), { symbol: 'BNB' });
      },
    },
    {
      name: 'no WBNB left at the end',
      weight: 40,
      verify: ({ post }) => compareAmount('WBNB left', post.wbnb, 0n, { symbol: 'WBNB' }),
    },
    {
      name: 'all WBNB came back as BNB (only gas spent)',
      weight: 30,
      verify: ({ pre, post, txs }) => compareAmount('BNB after', post.bnb, pre.bnb + pre.wbnb - episodeGas(txs), { symbol: 'BNB' }),
    },
  ],
});
