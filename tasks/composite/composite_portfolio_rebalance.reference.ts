import {
  defineCompositeReference,
  lastQueryResult,
  query,
  read,
  script,
  submit,
  swapExactTokens,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_portfolio_rebalance'>, env) => ({
  plan: '1. Query the USDT balance.\n2. Query the CAKE balance.\n3. Swap the USDT for BUSD.\n4. Swap the CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit the three values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    script(swapExactTokens, {
      amountIn: read(tokenAmount, { token: env.USDT, amount: params.amount_usdt }),
      path: [env.USDT, env.BUSD],
      slippage: params.slippage,
    }),
    script(swapExactTokens, {
      amountIn: read(tokenAmount, { token: env.CAKE, amount: params.amount_cake }),
      path: [env.CAKE, env.WBNB, env.BUSD],
      slippage: params.slippage,
    }),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ usdt: balance(env.USDT), cake: balance(env.CAKE), busd: balance(env.BUSD) });
    },
  ],
}));
