import { parseEther } from 'viem';
import { approve, defineCompositeReference, lastQueryResult, query, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_allowance_approve_verify'>;

export default defineCompositeReference((params: Params, env) => ({
  plan: '1. Query the current USDT allowance of the spender.\n2. approve(spender, amount) on USDT.\nThen submit both values: the approve sets the allowance exactly, so no second read is needed.',
  rounds: [
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: params.spender }),
    script(approve, { token: env.USDT, spender: params.spender, amount: parseEther(params.amount) }),
    // "before" is the value the query returned (the planted allowance).
    submit({ before: parseEther(params.planted).toString(), after: parseEther(params.amount).toString() }),
  ],
}));

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed:
 * "before" is the allowance the query returned; "after" is the amount the successful approve set.
 */
export const literal = defineCompositeReference((params: Params) => {
  const { token } = params;
  return {
    plan: `1. Query the ${token.symbol} allowance the spender holds now.\n2. approve(spender, amount) on ${token.symbol}.\nThen submit the value read and the amount set.`,
    rounds: [
      query({ type: 'allowance', token: token.address, owner: 'agent', spender: params.spender }),
      script(approve, { token: token.address, spender: params.spender, amount: parseEther(params.amount) }),
      (feedback) => submit({ before: lastQueryResult(feedback, { type: 'allowance' }).raw, after: parseEther(params.amount).toString() }),
    ],
  };
});
