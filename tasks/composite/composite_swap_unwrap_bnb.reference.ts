import type { Address } from 'viem';
import {
  defineCompositeReference,
  read,
  receivedInLatestBlock,
  script,
  submit,
  swapExactTokens,
  unwrap,
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

export default defineCompositeReference((params: TaskParams<'composite_swap_unwrap_bnb'>, env) => ({
  plan: '1. swapExactTokensForTokens USDT -> WBNB.\n2. WBNB.withdraw(the WBNB the swap paid), read from its receipt.\nThen submit.',
  rounds: [
    script(swapExactTokens, {
      amountIn: read(units, { token: env.USDT, amount: params.amount_in }),
      path: [env.USDT, env.WBNB],
      slippage: 1,
    }),
    // The WBNB bought: the swap's Transfer to the wallet in the latest block.
    script(unwrap, { amount: read(receivedInLatestBlock, { token: env.WBNB }) }),
    submit(),
  ],
}));
