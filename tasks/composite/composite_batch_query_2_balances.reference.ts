import { defineCompositeReference, lastQueryResult, query, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params, env) => ({
  plan: '1. Query the USDT balance of the holder.\n2. Query its BUSD balance.\nThen submit both raw values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.holder }),
    query({ type: 'token_balance', token: 'BUSD', address: params.holder }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ USDT: balance(env.USDT!), BUSD: balance(env.BUSD!) });
    },
  ],
}));
