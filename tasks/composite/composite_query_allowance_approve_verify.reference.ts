import { parseUnits } from 'viem';
import { approve, defineCompositeReference, lastQueryResult, query, read, script, submit, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_allowance_approve_verify'>;

/** The token's decimals as the allowance query reported them. */
const queriedDecimals = (feedback: readonly string[]) => Number(lastQueryResult(feedback, { type: 'allowance' }).decimals);

export default defineCompositeReference((params: Params, env) => ({
  plan: '1. Query the current USDT allowance of the spender.\n2. approve(spender, amount) on USDT.\nThen submit both values: the approve sets the allowance exactly, so no second read is needed.',
  rounds: [
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: params.spender }),
    script(approve, { token: env.USDT, spender: params.spender, amount: read(tokenAmount, { token: env.USDT, amount: params.amount }) }),
    // "before" is the value the query returned (the planted allowance), both in the decimals it reported.
    (feedback) => {
      const d = queriedDecimals(feedback);
      return submit({ before: parseUnits(params.planted, d).toString(), after: parseUnits(params.amount, d).toString() });
    },
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
      script(approve, {
        token: token.address,
        spender: params.spender,
        amount: read(tokenAmount, { token: token.address, amount: params.amount }),
      }),
      (feedback) =>
        submit({
          before: lastQueryResult(feedback, { type: 'allowance' }).raw,
          after: parseUnits(params.amount, queriedDecimals(feedback)).toString(),
        }),
    ],
  };
});
