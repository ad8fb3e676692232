import { parseUnits } from 'viem';
import { approveRound, defineCompositeReference, lastQueryResult, lit, query, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Query the current USDT allowance of the spender.\n2. approve(spender, amount) on USDT.\nThen submit both values: the approve sets the allowance exactly, so no second read is needed.',
  rounds: [
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: params.spender }),
    approveRound('deployedContracts.USDT', lit(params.spender), `parseUnits(${lit(params.amount)}, 18)`),
    // "before" is the value the query returned (the planted allowance).
    submit({ before: parseUnits(params.planted as string, 18).toString(), after: parseUnits(params.amount as string, 18).toString() }),
  ],
}));

/**
 * Every step the request asks for, one round each, answering only from what the rounds showed:
 * "before" is the allowance the query returned; "after" is the amount the successful approve set.
 */
export const literal = defineCompositeReference((params) => {
  const token = params.token as { symbol: string; address: string };
  return {
    plan: `1. Query the ${token.symbol} allowance the spender holds now.\n2. approve(spender, amount) on ${token.symbol}.\nThen submit the value read and the amount set.`,
    rounds: [
      query({ type: 'allowance', token: token.address, owner: 'agent', spender: params.spender }),
      approveRound(lit(token.address), lit(params.spender), `parseUnits(${lit(params.amount)}, 18)`),
      (feedback) => submit({ before: lastQueryResult(feedback, { type: 'allowance' }).raw, after: parseUnits(params.amount as string, 18).toString() }),
    ],
  };
});
