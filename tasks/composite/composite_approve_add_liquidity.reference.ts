import { parseEther } from 'viem';
import { addLiquidity, approve, defineCompositeReference, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_add_liquidity'>, env) => {
  const { token } = params;
  const amount = parseEther(params.amount);
  return {
    plan: `1. approve(router, amount) on ${token.symbol}.\n2. router.addLiquidity(USDT, BUSD, amount, amount, mins at the slippage, me, deadline).\nThen submit.`,
    rounds: [
      script(approve, { token: token.address, spender: env.router, amount }),
      script(addLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, amountA: amount, amountB: amount, slippage: params.slippage }),
      submit(),
    ],
  };
});
