import {
  allowanceOf,
  answerUint,
  approveAs,
  compareAmount,
  defineValidator,
  reportsUint,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_allowance_approve_verify'>;
type State = { allowance: bigint; decimals: number };

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The spender already holds an allowance of a per-instance size, so only a read reveals the "before" value.
  setup: async ({ chain, params, agent }) => {
    await approveAs(
      chain,
      agent,
      params.token.address,
      params.spender,
      await tokenUnits(chain.public, params.token.address, params.planted),
    );
  },
  // With the token's decimals, which the reports below are printed in.
  observe: async ({ chain, params, agent }) => ({
    allowance: await allowanceOf(chain, params.token.address, agent, params.spender),
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    {
      name: 'allowance for the spender is exactly the requested amount',
      weight: 55,
      verify: async ({ chain, post, params }) =>
        compareAmount('allowance', post.allowance, await tokenUnits(chain, params.token.address, params.amount), {
          symbol: params.token.symbol,
          decimals: post.decimals,
        }),
    },
    reportsUint('answer reports the allowance before the change', 25, {
      read: (answer) => answerUint(answer, 'before'),
      compare: (v, { pre, params }) =>
        compareAmount('reported before', v, pre.allowance, { symbol: params.token.symbol, decimals: pre.decimals }),
    }),
    reportsUint('answer reports the allowance after the change', 20, {
      read: (answer) => answerUint(answer, 'after'),
      compare: (v, { post, params }) =>
        compareAmount('reported after', v, post.allowance, { symbol: params.token.symbol, decimals: post.decimals }),
    }),
  ],
});
