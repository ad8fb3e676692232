import type { Address, PublicClient } from 'viem';
import { balanceOf, compareAmount, defineValidator, tokenDecimals, tokenUnits, type Check, defined } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_transfer_3_tokens'>;
type State = { agent: bigint; r: bigint[] };

const recipients = (p: Params) => [p.address1, p.address2, p.address3];
/** The three amounts in USDT's own decimals (18 on BSC; Base's USDC has 6), and how a detail prints them. */
const amounts = async (chain: PublicClient, usdt: Address, p: Params) => ({
  each: await Promise.all([p.amount1, p.amount2, p.amount3].map((a) => tokenUnits(chain, usdt, a))),
  tol: { decimals: await tokenDecimals(chain, usdt), symbol: 'USDT' },
});

const received = (i: number, label: string): Check<Params, State> => ({
  name: `${label} recipient received exactly its USDT`,
  weight: 28,
  verify: async ({ chain, env, pre, post, params }) => {
    const { each, tol } = await amounts(chain, env.USDT, params);
    return compareAmount(
      'received',
      defined(post.r[i], 'the balance after') - defined(pre.r[i], 'the balance before'),
      defined(each[i], 'the requested amount'),
      tol,
    );
  },
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
      verify: async ({ chain, env, pre, post, params }) => {
        const { each, tol } = await amounts(chain, env.USDT, params);
        return compareAmount(
          'USDT sent',
          pre.agent - post.agent,
          each.reduce((s, a) => s + a, 0n),
          tol,
        );
      },
    },
  ],
});
