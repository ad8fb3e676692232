import type { Address } from 'viem';
import {
  defineCompositeReference,
  lastQueryResult,
  query,
  read,
  script,
  submit,
  swapExactTokens,
  type SkillContext,
} from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_portfolio_rebalance'>, env) => ({
  plan: '1. Query the USDT balance.\n2. Query the CAKE balance.\n3. Swap the USDT for BUSD.\n4. Swap the CAKE for BUSD via WBNB.\n5. Query the BUSD balance, then submit the three values.',
  rounds: [
    query({ type: 'token_balance', token: 'USDT', address: 'agent' }),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    script(swapExactTokens, {
      amountIn: read(units, { token: env.USDT, amount: params.amount_usdt }),
      path: [env.USDT, env.BUSD],
      slippage: params.slippage,
    }),
    script(swapExactTokens, {
      amountIn: read(units, { token: env.CAKE, amount: params.amount_cake }),
      path: [env.CAKE, env.WBNB, env.BUSD],
      slippage: params.slippage,
    }),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => {
      const balance = (token: string) => lastQueryResult(feedback, { type: 'token_balance', token }).raw;
      return submit({ usdt: balance(env.USDT), cake: balance(env.CAKE), busd: balance(env.BUSD) });
    },
  ],
}));
