import { zeroAddress, type Address } from 'viem';
import {
  addLiquidity,
  approve,
  defineCompositeReference,
  lastTransfer,
  read,
  script,
  stake,
  submit,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_add_liquidity_stake_lp'>, env) => {
  const amountOf = (token: Address) => read(tokenAmount, { token, amount: params.amount });
  /** The LP the deposit minted to the wallet, read from the pair's Transfer log. */
  const minted = lastTransfer(env.pair_USDT_BUSD, zeroAddress, env.agent);
  return {
    plan: '1. addLiquidity(USDT, BUSD) with the requested amounts and minimums.\n2. Approve simple_lp_staking for the LP the deposit minted.\n3. Stake exactly that LP.\nThen submit.',
    rounds: [
      script(addLiquidity, {
        tokenA: env.USDT,
        tokenB: env.BUSD,
        amountA: amountOf(env.USDT),
        amountB: amountOf(env.BUSD),
        slippage: params.slippage,
      }),
      script(approve, { token: env.pair_USDT_BUSD, spender: env.simple_lp_staking, amount: minted }),
      script(stake, { pool: env.simple_lp_staking, amount: minted }),
      submit(),
    ],
  };
});
