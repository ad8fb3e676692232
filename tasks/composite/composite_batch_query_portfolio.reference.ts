import { parseUnits } from 'viem';
import { defineCompositeReference, query, submit } from 'evm-questbench/composite';

const wei = (v: unknown) => parseUnits(String(v), 18).toString();

export default defineCompositeReference((params) => ({
  plan: '1. Query my BNB balance.\n2. Query my USDT balance.\n3. Query my CAKE balance.\nThen submit the three raw values.',
  rounds: [
    query({ type: 'native_balance', address: 'agent' }),
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    // A scripted reply cannot read the query results; the planted balances are what they return.
    submit({ BNB: wei(params.planted_bnb), USDT: wei(params.planted_usdt), CAKE: wei(params.planted_cake) }),
  ],
}));
