import { parseEther } from 'viem';
import { compareAmount, defineValidator, episodeGas, nativeBalance, type Check, defined } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_3_bnb'>;
type State = { agent: bigint; r: [bigint, bigint, bigint] };

const recipients = (p: Params) => [p.address1, p.address2, p.address3] as const;
const amounts = (p: Params) => [p.amount1, p.amount2, p.amount3].map((a) => parseEther(a));

const received = (i: 0 | 1 | 2, label: string): Check<Params, State> => ({
  name: `${label} recipient received exactly its BNB`,
  weight: 28,
  verify: ({ pre, post, params }) =>
    compareAmount('received', post.r[i] - pre.r[i], defined(amounts(params)[i], 'the requested amount'), { symbol: 'BNB' }),
});

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, agent, params }) => {
    const [a, b, c] = recipients(params);
    return {
      agent: await nativeBalance(chain, agent),
      r: [await nativeBalance(chain, a), await nativeBalance(chain, b), await nativeBalance(chain, c)],
    };
  },
  checks: [
    received(0, 'first'),
    received(1, 'second'),
    received(2, 'third'),
    {
      // Nothing else left the wallet: the three payments plus the gas of every round.
      name: 'wallet paid exactly the three amounts plus gas',
      weight: 16,
      verify: ({ pre, post, params, txs }) => {
        if (!(txs ?? []).length) return { pass: false, detail: 'no transaction was sent' };
        const gas = episodeGas(txs);
        const paid = amounts(params).reduce((s, a) => s + a, 0n);
        return compareAmount('BNB out (without gas)', pre.agent - post.agent - gas, paid, { symbol: 'BNB' });
      },
    },
  ],
});
