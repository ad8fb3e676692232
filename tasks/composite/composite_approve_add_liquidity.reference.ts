import type { Address } from 'viem';
import { addLiquidity, approve, defineCompositeReference, read, script, submit, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_approve_add_liquidity'>, env) => {
  const { token } = params;
  const amountOf = (t: Address) => read(units, { token: t, amount: params.amount });
  return {
    plan: `1. approve(router, amount) on ${token.symbol}.\n2. router.addLiquidity(USDT, BUSD, amount, amount, mins at the slippage, me, deadline).\nThen submit.`,
    rounds: [
      script(approve, { token: token.address, spender: env.router, amount: amountOf(token.address) }),
      script(addLiquidity, {
        tokenA: env.USDT,
        tokenB: env.BUSD,
        amountA: amountOf(env.USDT),
        amountB: amountOf(env.BUSD),
        slippage: params.slippage,
      }),
      submit(),
    ],
  };
});
