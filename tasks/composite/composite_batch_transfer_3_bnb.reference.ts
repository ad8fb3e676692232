import { parseEther } from 'viem';
import { defineCompositeReference, script, sendBnb, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_batch_transfer_3_bnb'>) => ({
  plan: '1. Send amount1 BNB to address1.\n2. Send amount2 BNB to address2.\n3. Send amount3 BNB to address3.\nThen submit.',
  rounds: [
    script(sendBnb, { to: params.address1, amount: parseEther(params.amount1) }),
    script(sendBnb, { to: params.address2, amount: parseEther(params.amount2) }),
    script(sendBnb, { to: params.address3, amount: parseEther(params.amount3) }),
    submit(),
  ],
}));
