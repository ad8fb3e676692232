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

export default defineCompositeReference((params: TaskParams<'composite_batch_approve_2_tokens'>, env) => {
  const [usdt, busd] = [
    read(units, { token: env.USDT, amount: params.amount_usdt }),
    read(units, { token: env.BUSD, amount: params.amount_busd }),
  ];
  return {
    plan: '1. approve(router, amount_usdt) on USDT.\n2. approve(router, amount_busd) on BUSD.\n3. router.addLiquidity(USDT, BUSD, desired amounts, minimums at the slippage, me, deadline).\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.router, amount: usdt }),
      script(approve, { token: env.BUSD, spender: env.router, amount: busd }),
      script(addLiquidity, { tokenA: env.USDT, tokenB: env.BUSD, amountA: usdt, amountB: busd, slippage: params.slippage }),
      submit(),
    ],
  };
});
