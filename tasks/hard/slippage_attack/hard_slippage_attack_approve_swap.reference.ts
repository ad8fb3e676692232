import { parseUnits } from 'viem';
import { approve, defineCompositeReference, script, submit, swapExactTokens, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// CAKE and BUSD have 18 decimals. The swap's minimum is the quote at the time of the swap less the
// tolerance; the pool is pushed further than that before it lands, so it reverts, and the task is done.
export default defineCompositeReference((params: TaskParams<'hard_slippage_attack_approve_swap'>, env: HardEnv) => {
  const amount = parseUnits(params.amount, 18);
  return {
    plan: `1. approve(router, ${params.amount} ${params.token.symbol}).\n2. swapExactTokensForTokens ${params.token.symbol} -> USDT with amountOutMin = getAmountsOut less ${params.slippage}%.\nThen submit.`,
    rounds: [
      script(approve, { token: params.token.address, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [params.token.address, env.USDT], slippage: params.slippage }),
      submit(),
    ],
  };
});
