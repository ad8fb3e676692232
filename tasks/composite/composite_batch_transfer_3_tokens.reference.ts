import type { Address } from 'viem';
import { defineCompositeReference, read, script, submit, transferToken, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_batch_transfer_3_tokens'>, env) => ({
  plan: '1. USDT.transfer(address1, amount1).\n2. USDT.transfer(address2, amount2).\n3. USDT.transfer(address3, amount3).\nThen submit.',
  rounds: [
    script(transferToken, { token: env.USDT, to: params.address1, amount: read(units, { token: env.USDT, amount: params.amount1 }) }),
    script(transferToken, { token: env.USDT, to: params.address2, amount: read(units, { token: env.USDT, amount: params.amount2 }) }),
    script(transferToken, { token: env.USDT, to: params.address3, amount: read(units, { token: env.USDT, amount: params.amount3 }) }),
    submit(),
  ],
}));
