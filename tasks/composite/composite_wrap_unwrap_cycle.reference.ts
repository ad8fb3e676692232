import { parseEther } from 'viem';
import { balanceOf, defineCompositeReference, read, script, submit, unwrap, wrap } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_wrap_unwrap_cycle'>, env) => ({
  plan: '1. Wrap the requested BNB with WBNB.deposit().\n2. Read the whole WBNB balance and withdraw it.\nThen submit.',
  rounds: [script(wrap, { amount: parseEther(params.amount) }), script(unwrap, { amount: read(balanceOf, { token: env.WBNB }) }), submit()],
}));
