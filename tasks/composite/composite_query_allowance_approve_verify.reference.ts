import { parseUnits } from 'viem';
import { approveRound, defineCompositeReference, lit, query, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Query the current USDT allowance of the spender.\n2. approve(spender, amount) on USDT.\nThen submit both values: the approve sets the allowance exactly, so no second read is needed.',
  rounds: [
    query({ type: 'allowance', token: 'USDT', owner: 'agent', spender: params.spender }),
    approveRound('deployedContracts.USDT', lit(params.spender), `parseUnits(${lit(params.amount)}, 18)`),
    // "before" is the value the query returned (the planted allowance).
    submit({ before: parseUnits(params.planted as string, 18).toString(), after: parseUnits(params.amount as string, 18).toString() }),
  ],
}));
