import { approve, call, defineCompositeReference, read, script, submit, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_transferfrom'>, env) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount });
  return {
    plan: '1. USDT.approve(myAddress, amount).\n2. USDT.transferFrom(myAddress, recipient, amount).\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.agent, amount }),
      script(call, {
        to: env.USDT,
        signature: 'function transferFrom(address from, address to, uint256 amount) returns (bool)',
        args: [env.agent, params.to, amount],
      }),
      submit(),
    ],
  };
});
