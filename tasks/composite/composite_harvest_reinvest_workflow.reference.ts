import { parseEther } from 'viem';
import {
  approve,
  call,
  defineCompositeReference,
  latestLogValue,
  read,
  script,
  stake,
  submit,
  swapExactTokens,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_harvest_reinvest_workflow'>, env) => {
  const sold = parseEther(params.swap_amount);
  /** The CAKE the harvest paid, from the pool's Harvested log, less the CAKE sold. */
  const harvested = read(latestLogValue, { address: env.simple_reward_pool, event: 'Harvested(address,uint256)', indexed: [env.agent] });
  const rest = read((_ctx, a: { harvested: bigint; sold: bigint }) => a.harvested - a.sold, { harvested, sold });
  return {
    plan: '1. harvest() on simple_reward_pool.\n2. Approve the router for the CAKE to sell.\n3. swapExactTokensForTokens CAKE → USDT with the slippage floor.\n4. Approve simple_staking for the harvest minus that.\n5. Stake it.\nThen submit.',
    rounds: [
      script(call, { to: env.simple_reward_pool, signature: 'function harvest()' }),
      script(approve, { token: env.CAKE, spender: env.router, amount: sold }),
      script(swapExactTokens, { amountIn: sold, path: [env.CAKE, env.USDT], slippage: params.slippage }),
      script(approve, { token: env.CAKE, spender: env.simple_staking, amount: rest }),
      script(stake, { pool: env.simple_staking, amount: rest }),
      submit(),
    ],
  };
});
