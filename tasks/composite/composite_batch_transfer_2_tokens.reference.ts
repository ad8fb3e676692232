import { defineCompositeReference, read, script, submit, transferToken, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_transfer_2_tokens'>, env) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\nThen submit.',
  rounds: [
    script(transferToken, { token: env.USDT, to: params.address1, amount: read(tokenAmount, { token: env.USDT, amount: params.amount1 }) }),
    script(transferToken, { token: env.USDT, to: params.address2, amount: read(tokenAmount, { token: env.USDT, amount: params.amount2 }) }),
    submit(),
  ],
}));
