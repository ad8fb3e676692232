import { parseEther } from 'viem';
import { defineCompositeReference, script, submit, transferToken } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_transfer_2_tokens'>, env) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\nThen submit.',
  rounds: [
    script(transferToken, { token: env.USDT, to: params.address1, amount: parseEther(params.amount1) }),
    script(transferToken, { token: env.USDT, to: params.address2, amount: parseEther(params.amount2) }),
    submit(),
  ],
}));
