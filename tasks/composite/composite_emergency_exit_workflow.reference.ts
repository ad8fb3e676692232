import {
  approve,
  balanceOf,
  call,
  defineCompositeReference,
  lastQueryResult,
  latestLogValue,
  query,
  read,
  removeLiquidity,
  script,
  submit,
  unwrap,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((_params: TaskParams<'composite_emergency_exit_workflow'>, env) => {
  /** LP the emergency withdrawal returned, from the pool's EmergencyWithdrawn log. */
  const recovered = read(latestLogValue, {
    address: env.simple_reward_pool,
    event: 'EmergencyWithdrawn(address,uint256)',
    indexed: [env.agent],
  });
  return {
    plan: '1. emergencyWithdraw() on simple_reward_pool.\n2. Approve the router for the recovered LP.\n3. removeLiquidity(USDT, BUSD) with exactly that LP.\n4. Withdraw the whole WBNB balance.\n5. Query the BNB balance, then submit it.',
    rounds: [
      script(call, { to: env.simple_reward_pool, signature: 'function emergencyWithdraw()' }),
      script(approve, { token: env.pair_USDT_BUSD, spender: env.router, amount: recovered }),
      script(removeLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, liquidity: recovered, minA: 0n, minB: 0n }),
      script(unwrap, { amount: read(balanceOf, { token: env.WBNB }) }),
      query({ type: 'native_balance', address: 'agent' }),
      (feedback) => submit({ bnb: lastQueryResult(feedback).raw }),
    ],
  };
});
