import { parseEther } from 'viem';
import { call, defineCompositeReference, lastQueryResult, query, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_unstake_harvest_query'>, env) => ({
  plan: '1. withdraw(amount) from simple_reward_pool.\n2. harvest().\n3. Query the CAKE balance, then submit it.',
  rounds: [
    script(call, { to: env.simple_reward_pool, signature: 'function withdraw(uint256)', args: [parseEther(params.amount)] }),
    script(call, { to: env.simple_reward_pool, signature: 'function harvest()' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    (feedback) => submit({ cake: lastQueryResult(feedback).raw }),
  ],
}));
