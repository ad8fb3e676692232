import { parseEther } from 'viem';
import { approve, defineCompositeReference, script, stake, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_approve_stake_tokens'>, env) => {
  const amount = parseEther(params.amount);
  return {
    plan: '1. approve(simple_staking, amount) on CAKE.\n2. simple_staking.stake(amount).\nThen submit.',
    rounds: [
      script(approve, { token: env.CAKE, spender: env.simple_staking, amount }),
      script(stake, { pool: env.simple_staking, amount }),
      submit(),
    ],
  };
});
