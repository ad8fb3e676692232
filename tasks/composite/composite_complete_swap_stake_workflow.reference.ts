import {
  approve,
  defineCompositeReference,
  lastQueryResult,
  lastTransfer,
  query,
  read,
  script,
  stake,
  submit,
  swapExactTokens,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_complete_swap_stake_workflow'>, env) => {
  const amount = read(tokenAmount, { token: env.USDT, amount: params.amount_usdt });
  /** CAKE the USDT → CAKE swap paid the wallet, from the CAKE/USDT pair's Transfer log. */
  const got = lastTransfer(env.CAKE, env.pair_CAKE_USDT, env.agent);
  return {
    plan: '1. Query the USDT balance.\n2. Approve the router for the USDT.\n3. swapExactTokensForTokens USDT → CAKE with the slippage floor.\n4. Approve simple_staking for the CAKE received.\n5. Stake that CAKE.\n6. Query the stake, then submit both values.',
    rounds: [
      query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDT, env.CAKE], slippage: params.slippage }),
      script(approve, { token: env.CAKE, spender: env.simple_staking, amount: got }),
      script(stake, { pool: env.simple_staking, amount: got }),
      query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
      (feedback) =>
        submit({
          usdtBefore: lastQueryResult(feedback, { type: 'token_balance' }).raw,
          stakedAfter: lastQueryResult(feedback, { type: 'staked_amount' }).raw,
        }),
    ],
  };
});
