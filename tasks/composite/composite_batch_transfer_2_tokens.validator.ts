import { parseUnits } from 'viem';
import { balanceOf, compareAmount, defineValidator } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_2_tokens'>;
type State = { agent: bigint; r1: bigint; r2: bigint };

const usdt = (a: string) => parseUnits(a, 18);

export default defineValidator<Params, State>({
  kind: 'workflow',
  observe: async ({ chain, env, agent, params }) => ({
    agent: await balanceOf(chain, env.USDT, agent),
    r1: await balanceOf(chain, env.USDT, params.address1),
    r2: await balanceOf(chain, env.USDT, params.address2),
  }),
  checks: [
    {
      name: 'first recipient received exactly its USDT',
      weight: 40,
      verify: ({ pre, post, params }) => compareAmount('received', post.r1 - pre.r1, usdt(params.amount1), { symbol: 'USDT' }),
    },
    {
      name: 'second recipient received exactly its USDT',
      weight: 40,
      verify: ({ pre, post, params }) => compareAmount('received', post.r2 - pre.r2, usdt(params.amount2), { symbol: 'USDT' }),
    },
    {
      name: 'wallet USDT fell by exactly the two amounts',
      weight: 20,
      verify: ({ pre, post, params }) =>
        compareAmount('USDT sent', pre.agent - post.agent, usdt(params.amount1) + usdt(params.amount2), { symbol: 'USDT' }),
    },
  ],
});
