import { parseEther } from 'viem';
import { approve, defineCompositeReference, script, submit, swapExactTokens, wrap } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_wrap_swap_wbnb'>, env) => {
  const amount = parseEther(params.amount);
  return {
    plan: '1. WBNB.deposit() with the BNB.\n2. WBNB.approve(router, amount).\n3. swapExactTokensForTokens(amount, min, [WBNB, USDT], me).\nThen submit.',
    rounds: [
      script(wrap, { amount }),
      script(approve, { token: env.WBNB, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.WBNB, env.USDT], slippage: 1 }),
      submit(),
    ],
  };
});
