import { parseUnits } from 'viem';
import { balanceOf, compareAmount, defineValidator, type Check, defined } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_3_tokens'>;
type State = { agent: bigint; r: bigint[] };

const recipients = (p: Params) => [p.address1, p.address2, p.address3];
const amounts = (p: Params) => [p.amount1, p.amount2, p.amount3].map((a) => parseUnits(a, 18));

const received = (i: number, label: string): Check<Params, State> => ({
  name: `${label} recipient received exactly its USDT`,
  weight: 28,
  verify: ({ pre, post, params }) =>
    compareAmount(
      'received',
      defined(post.r[i], 'the balance after') - defined(pre.r[i], 'the balance before'),
      defined(amounts(params)[i], 'the requested amount'),
      { symbol: 'USDT' },
    ),
});

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => ({
    agent: await balanceOf(chain, env.USDT, agent),
    r: await Promise.all(recipients(params).map((a) => balanceOf(chain, env.USDT, a))),
  }),
  checks: [
    received(0, 'first'),
    received(1, 'second'),
    received(2, 'third'),
    {
      name: 'wallet USDT fell by exactly the three amounts',
      weight: 16,
      verify: ({ pre, post, params }) =>
        compareAmount(
          'USDT sent',
          pre.agent - post.agent,
          amounts(params).reduce((s, a) => s + a, 0n),
          { symbol: 'USDT' },
        ),
    },
  ],
});
