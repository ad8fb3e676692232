import { defineCompositeReference, lastQueryResult, query, submit } from 'evm-questbench/composite';
import { chainKey } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_query_2_balances'>, env, chain) => ({
  plan: '1. Query the USDT balance of the holder.\n2. Query its BUSD balance.\nThen submit both raw values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.holder }),
    query({ type: 'token_balance', token: 'BUSD', address: params.holder }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      // Keyed by the tokens' names on the chain played (USDC and DAI on Base), as the answer format says.
      return submit({ [chainKey(chain, 'USDT')]: balance(env.USDT), [chainKey(chain, 'BUSD')]: balance(env.BUSD) });
    },
  ],
}));
