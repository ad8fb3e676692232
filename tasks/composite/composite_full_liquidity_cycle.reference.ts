import { zeroAddress, type Address } from 'viem';
import {
  addLiquidity,
  call,
  defineCompositeReference,
  lastTransfer,
  read,
  removeLiquidity,
  script,
  submit,
  tokenAmount,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

export default defineCompositeReference((params: TaskParams<'composite_full_liquidity_cycle'>, env) => {
  const amountOf = (token: Address) => read(tokenAmount, { token, amount: params.amount });
  /** LP the deposit minted to the wallet, from the pair's Transfer log. */
  const minted = lastTransfer(env.pair_USDT_BUSD, zeroAddress, env.agent);
  const pool = env.simple_reward_pool;
  return {
    plan: '1. addLiquidity(USDT, BUSD) with the amounts.\n2. deposit() the minted LP into simple_reward_pool.\n3. harvest().\n4. withdraw() the same LP.\n5. removeLiquidity() with it.\nThen submit.',
    rounds: [
      script(addLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, amountA: amountOf(env.USDT), amountB: amountOf(env.BUSD), slippage: 1 }),
      script(call, { to: pool, signature: 'function deposit(uint256)', args: [minted] }),
      script(call, { to: pool, signature: 'function harvest()' }),
      script(call, { to: pool, signature: 'function withdraw(uint256)', args: [minted] }),
      script(removeLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, liquidity: minted, minA: 0n, minB: 0n }),
      submit(),
    ],
  };
});
