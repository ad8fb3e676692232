import {
  approve,
  defineCompositeReference,
  lastQueryResult,
  query,
  script,
  submit,
  swapExactTokens,
  read,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_swap_query_result'>, env) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount });
  return {
    plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with a slippage floor.\n3. Query my BUSD balance.\nThen submit it as the answer.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDT, env.BUSD], slippage: params.slippage }),
      query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
      (feedback) => submit(lastQueryResult(feedback).raw),
    ],
  };
});
