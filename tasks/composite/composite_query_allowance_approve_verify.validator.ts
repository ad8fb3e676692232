import { parseUnits } from 'viem';
import { allowanceOf, answerUint, approveAs, compareAmount, defineValidator, reportsUint } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_allowance_approve_verify'>;
type State = { allowance: bigint };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The spender already holds an allowance of a per-instance size, so only a read reveals the "before" value.
  setup: async ({ chain, params, agent }) => {
    await approveAs(chain, agent, params.token.address, params.spender, parseUnits(params.planted, 18));
  },
  observe: async ({ chain, params, agent }) => ({ allowance: await allowanceOf(chain, params.token.address, agent, params.spender) }),
  checks: [
    {
      name: 'allowance for the spender is exactly the requested amount',
      weight: 55,
      verify: ({ post, params }) =>
        compareAmount('allowance', post.allowance, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    reportsUint('answer reports the allowance before the change', 25, {
      read: (answer) => answerUint(answer, 'before'),
      compare: (v, { pre, params }) => compareAmount('reported before', v, pre.allowance, { symbol: params.token.symbol }),
    }),
    reportsUint('answer reports the allowance after the change', 20, {
      read: (answer) => answerUint(answer, 'after'),
      compare: (v, { post, params }) => compareAmount('reported after', v, post.allowance, { symbol: params.token.symbol }),
    }),
  ],
});
