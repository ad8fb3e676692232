import { defineCompositeReference, lastQueryResult, query, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_query_2_balances'>, env) => ({
  plan: '1. Query the USDT balance of the holder.\n2. Query its BUSD balance.\nThen submit both raw values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.holder }),
    query({ type: 'token_balance', token: 'BUSD', address: params.holder }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ USDT: balance(env.USDT), BUSD: balance(env.BUSD) });
    },
  ],
}));
