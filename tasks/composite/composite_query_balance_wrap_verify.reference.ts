import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, query, script, submit, wrap } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** Every step the request asks for, one round each: read BNB, wrap, read WBNB; the answer is what the reads returned. */
export default defineCompositeReference((params: TaskParams<'composite_query_balance_wrap_verify'>) => ({
  plan: '1. Query my BNB balance.\n2. Wrap the amount with WBNB.deposit().\n3. Query my WBNB balance.\nThen submit both balances.',
  rounds: [
    query({ type: 'native_balance', address: 'agent' }),
    script(wrap, { amount: parseEther(params.amount) }),
    query({ type: 'token_balance', token: 'WBNB', address: 'agent' }),
    (feedback) =>
      submit({
        bnbBalanceBefore: lastQueryResult(feedback, { type: 'native_balance' }).raw,
        wbnbBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw,
      }),
  ],
}));
