import { parseUnits } from 'viem';
import { defineCompositeReference, query, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. Query the USDT balance of the holder.\n2. Query its BUSD balance.\nThen submit both raw values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: params.holder }),
    query({ type: 'token_balance', token: 'BUSD', address: params.holder }),
    // A scripted reply cannot read the query results; the planted balances are what they return.
    submit({ USDT: parseUnits(String(params.planted_usdt), 18).toString(), BUSD: parseUnits(String(params.planted_busd), 18).toString() }),
  ],
}));
