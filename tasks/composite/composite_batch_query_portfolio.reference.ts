import { defineCompositeReference, lastQueryResult, query, submit } from 'evm-questbench/composite';
import { chainKey } from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((_params: TaskParams<'composite_batch_query_portfolio'>, env, chain) => ({
  plan: '1. Query my BNB balance.\n2. Query my USDT balance.\n3. Query my CAKE balance.\nThen submit the three raw values.',
  rounds: [
    query({ type: 'native_balance', address: 'agent' }),
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      // Keyed by the names on the chain played (ETH, USDC and DEGEN on Base), as the answer format says.
      return submit({
        [chain.native.symbol]: lastQueryResult(feedback, { type: 'native_balance' }).raw,
        [chainKey(chain, 'USDT')]: balance(env.USDT),
        [chainKey(chain, 'CAKE')]: balance(env.CAKE),
      });
    },
  ],
}));
