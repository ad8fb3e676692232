import {
  approve,
  defineCompositeReference,
  read,
  script,
  submit,
  swapExactTokens,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** `amount` (a decimal string) in the token's base units, with the decimals the token reports. */
async function inTokenUnits(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext<HardContracts>,
  a: { token: string; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const decimals = await client.readContract({ address: a.token as `0x${string}`, abi: erc20Abi, functionName: 'decimals' });
  return parseUnits(a.amount, decimals);
}

export default defineCompositeReference((params: TaskParams<'hard_approvals_exact_then_swap'>, env: HardEnv) => {
  const amount = read(inTokenUnits, { token: env.USDCet, amount: params.amount });
  return {
    plan: "1. approve(router, amount in USDCet's 6 decimals) on USDCet.\n2. swapExactTokensForTokens of that amount, USDCet -> USDT, amountOutMin at the quote less the slippage; it spends the whole allowance.\nThen submit.",
    rounds: [
      script(approve, { token: env.USDCet, spender: env.router, amount }),
      script(swapExactTokens, { amountIn: amount, path: [env.USDCet, env.USDT], slippage: params.slippage }),
      submit(),
    ],
  };
});
