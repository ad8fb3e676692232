import { parseEther, type Address } from 'viem';
import { defineCompositeReference, read, script, sendBnb, submit, transferToken, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_batch_mixed_transfers'>, env) => ({
  plan: '1. Send the BNB with a plain value transfer.\n2. USDT.transfer(to, amount_usdt).\n3. BUSD.transfer(to, amount_busd).\nThen submit.',
  rounds: [
    script(sendBnb, { to: params.to, amount: parseEther(params.amount_bnb) }),
    script(transferToken, { token: env.USDT, to: params.to, amount: read(units, { token: env.USDT, amount: params.amount_usdt }) }),
    script(transferToken, { token: env.BUSD, to: params.to, amount: read(units, { token: env.BUSD, amount: params.amount_busd }) }),
    submit(),
  ],
}));
