import { parseEther } from 'viem';
import { defineCompositeReference, read, script, sendBnb, submit, transferToken, tokenAmount } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_mixed_transfers'>, env) => ({
  plan: '1. Send the BNB with a plain value transfer.\n2. USDT.transfer(to, amount_usdt).\n3. BUSD.transfer(to, amount_busd).\nThen submit.',
  rounds: [
    script(sendBnb, { to: params.to, amount: parseEther(params.amount_bnb) }),
    script(transferToken, { token: env.USDT, to: params.to, amount: read(tokenAmount, { token: env.USDT, amount: params.amount_usdt }) }),
    script(transferToken, { token: env.BUSD, to: params.to, amount: read(tokenAmount, { token: env.BUSD, amount: params.amount_busd }) }),
    submit(),
  ],
}));
