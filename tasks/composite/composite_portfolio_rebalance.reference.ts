import { defineCompositeReference, lastQueryResult, lit, query, submit, swapRound } from 'evm-questbench/composite';

/** An exact-input swap of `amount` along `path` with the slippage floor. */
const swap = (amount: string, path: string, slippage: unknown) => swapRound({ amountIn: `parseEther(${lit(amount)})`, path, slippage });

export default defineCompositeReference((params, env) => ({
  plan: '1. Query the USDT balance.\n2. Query the CAKE balance.\n3. Swap the USDT for BUSD.\n4. Swap the CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit the three values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    swap(String(params.amount_usdt), '[deployedContracts.USDT, deployedContracts.BUSD]', params.slippage),
    swap(String(params.amount_cake), '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]', params.slippage),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ usdt: balance(env.USDT!), cake: balance(env.CAKE!), busd: balance(env.BUSD!) });
    },
  ],
}));
