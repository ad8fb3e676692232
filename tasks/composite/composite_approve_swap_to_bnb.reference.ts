import { approve, defineCompositeReference, script, submit, swapExactTokens, read, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_swap_to_bnb'>, env) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount });
  return {
    plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForETH along USDT -> WBNB with amountOutMin from getAmountsOut minus the slippage.\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDT, env.WBNB], slippage: params.slippage, forBnb: true }),
      submit(),
    ],
  };
});
