import type { Address } from 'viem';
import { addLiquidity, approve, defineCompositeReference, read, script, submit, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_add_liquidity'>, env) => {
  const { token } = params;
  const amountOf = (t: Address) => read(tokenAmount, { token: t, amount: params.amount });
  return {
    plan: `1. approve(router, amount) on ${token.symbol}.\n2. router.addLiquidity(USDT, BUSD, amount, amount, mins at the slippage, me, deadline).\nThen submit.`,
    rounds: [
      script(approve, { token: token.address, spender: env.router, amount: amountOf(token.address) }),
      script(addLiquidity, {
        tokenA: env.USDT,
        tokenB: env.BUSD,
        amountA: amountOf(env.USDT),
        amountB: amountOf(env.BUSD),
        slippage: params.slippage,
      }),
      submit(),
    ],
  };
});
