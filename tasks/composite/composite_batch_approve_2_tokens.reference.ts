import { addLiquidity, approve, defineCompositeReference, read, script, submit, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_approve_2_tokens'>, env) => {
  const [usdt, busd] = [
    read(tokenAmount, { token: env.USDT, amount: params.amount_usdt }),
    read(tokenAmount, { token: env.BUSD, amount: params.amount_busd }),
  ];
  return {
    plan: '1. approve(router, amount_usdt) on USDT.\n2. approve(router, amount_busd) on BUSD.\n3. router.addLiquidity(USDT, BUSD, desired amounts, minimums at the slippage, me, deadline).\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount: usdt }),
      script(approve, { token: env.BUSD, spender: env.router, amount: busd }),
      script(addLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, amountA: usdt, amountB: busd, slippage: params.slippage }),
      submit(),
    ],
  };
});
