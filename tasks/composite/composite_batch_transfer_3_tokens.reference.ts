import { parseEther } from 'viem';
import { defineCompositeReference, script, submit, transferToken } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_transfer_3_tokens'>, env) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\n3. USDT.transfer(address3, amount3).\nThen submit.',
  rounds: [
    script(transferToken, { token: env.USDT, to: params.address1, amount: parseEther(params.amount1) }),
    script(transferToken, { token: env.USDT, to: params.address2, amount: parseEther(params.amount2) }),
    script(transferToken, { token: env.USDT, to: params.address3, amount: parseEther(params.amount3) }),
    submit(),
  ],
}));
