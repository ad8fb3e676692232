import { parseEther } from 'viem';
import { approve, defineCompositeReference, lastTransfer, script, submit, swapExactBnb, swapExactTokens } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_multi_token_swap'>, env) => {
  /** USDT the BNB swap paid the wallet, from the latest USDT Transfer into it that came from the pair. */
  const bought = lastTransfer(env.USDT, env.pair_WBNB_USDT, env.agent);
  return {
    plan: '1. swapExactETHForTokens BNB → USDT.\n2. Approve the router for the USDT received.\n3. swapExactTokensForTokens that USDT → BUSD.\nThen submit.',
    rounds: [
      script(swapExactBnb, { amount: parseEther(params.amount_bnb), path: [env.WBNB, env.USDT], slippage: 1, deadline: 1200 }),
      script(approve, { token: env.USDT, spender: env.router, amount: bought }),
      script(swapExactTokens, { amountIn: bought, path: [env.USDT, env.BUSD], slippage: 1 }),
      submit(),
    ],
  };
});
