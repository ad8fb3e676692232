import type { Address } from 'viem';
import { approve, defineCompositeReference, script, submit, swapExactTokens, read, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_approve_swap_tokens'>, env) => {
  const amount = read(units, { token: env.USDT, amount: params.amount });
  return {
    plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with amountOutMin from getAmountsOut minus the slippage.\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDT, env.BUSD], slippage: params.slippage }),
      submit(),
    ],
  };
});
