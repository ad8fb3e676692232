import { zeroAddress, type Address } from 'viem';
import {
  addLiquidity,
  approve,
  defineCompositeReference,
  lastQueryResult,
  lastTransfer,
  query,
  read,
  script,
  stake,
  submit,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_liquidity_provision_with_stake'>, env) => {
  const amountOf = (token: Address) => read(tokenAmount, { token, amount: params.amount });
  /** LP the deposit minted to the wallet, from the pair's Transfer log. */
  const minted = lastTransfer(env.pair_USDT_BUSD, zeroAddress, env.agent);
  return {
    plan: '1. Approve the router for the USDT.\n2. Approve it for the BUSD.\n3. addLiquidity(USDT, BUSD) with the minimums.\n4. Approve simple_lp_staking for the minted LP.\n5. Stake it.\n6. Query the total stake, then submit it.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount: amountOf(env.USDT) }),
      script(approve, { token: env.BUSD, spender: env.router, amount: amountOf(env.BUSD) }),
      script(addLiquidity, {
        tokenA: env.USDT,
        tokenB: env.BUSD,
        amountA: amountOf(env.USDT),
        amountB: amountOf(env.BUSD),
        slippage: params.slippage,
      }),
      script(approve, { token: env.pair_USDT_BUSD, spender: env.simple_lp_staking, amount: minted }),
      script(stake, { pool: env.simple_lp_staking, amount: minted }),
      query({ type: 'staked_amount', pool: 'simple_lp_staking', address: 'agent' }),
      (feedback) => submit({ staked: lastQueryResult(feedback).raw }),
    ],
  };
});
