import {
  approve,
  defineCompositeReference,
  lastQueryResult,
  lastTransfer,
  query,
  read,
  script,
  submit,
  swapExactTokens,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_multi_approve_multi_swap'>, env) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount });
  /** CAKE the USDT → CAKE swap paid the wallet, from the CAKE/USDT pair's Transfer log. */
  const bought = lastTransfer(env.CAKE, env.pair_CAKE_USDT, env.agent);
  return {
    plan: '1. Approve the router for the USDT.\n2. Swap the USDT for CAKE.\n3. Approve the router for the CAKE received.\n4. Swap exactly that CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit it.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDT, env.CAKE], slippage: params.slippage }),
      script(approve, { token: env.CAKE, spender: env.router, amount: bought }),
      script(swapExactTokens, { amountIn: bought, path: [env.CAKE, env.WBNB, env.BUSD], slippage: params.slippage }),
      query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
      (feedback) => submit({ busd: lastQueryResult(feedback).raw }),
    ],
  };
});
