import type { Address, PublicClient } from 'viem';
import { balanceOf, compareAmount, defineValidator, tokenDecimals, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_2_tokens'>;
type State = { agent: bigint; r1: bigint; r2: bigint };

/** The two amounts in USDT's own decimals (18 on BSC; Base's USDC has 6), and how a detail prints them. */
const amounts = async (chain: PublicClient, usdt: Address, p: Params) => ({
  a1: await tokenUnits(chain, usdt, p.amount1),
  a2: await tokenUnits(chain, usdt, p.amount2),
  tol: { decimals: await tokenDecimals(chain, usdt), symbol: 'USDT' },
});

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
      verify: async ({ chain, env, pre, post, params }) => {
        const { a1, tol } = await amounts(chain, env.USDT, params);
        return compareAmount('received', post.r1 - pre.r1, a1, tol);
      },
    },
    {
      name: 'second recipient received exactly its USDT',
      weight: 40,
      verify: async ({ chain, env, pre, post, params }) => {
        const { a2, tol } = await amounts(chain, env.USDT, params);
        return compareAmount('received', post.r2 - pre.r2, a2, tol);
      },
    },
    {
      name: 'wallet USDT fell by exactly the two amounts',
      weight: 20,
      verify: async ({ chain, env, pre, post, params }) => {
        const { a1, a2, tol } = await amounts(chain, env.USDT, params);
        return compareAmount('USDT sent', pre.agent - post.agent, a1 + a2, tol);
      },
    },
  ],
});
