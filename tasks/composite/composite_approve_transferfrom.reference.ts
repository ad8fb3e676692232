import type { Address } from 'viem';
import { approve, call, defineCompositeReference, read, script, submit, type SkillContext } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

/** `amount` whole tokens in the token's own decimals, read from the token (USDT has 18 on BSC, Base's USDC 6). */
async function units(
  { viem: { createPublicClient, erc20Abi, http, parseUnits }, providerUrl }: SkillContext,
  a: { token: Address; amount: string },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return parseUnits(a.amount, await client.readContract({ address: a.token, abi: erc20Abi, functionName: 'decimals' }));
}

export default defineCompositeReference((params: TaskParams<'composite_approve_transferfrom'>, env) => {
  const amount = read(units, { token: env.USDT, amount: params.amount });
  return {
    plan: '1. USDT.approve(myAddress, amount).\n2. USDT.transferFrom(myAddress, recipient, amount).\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.agent, amount }),
      script(call, {
        to: env.USDT,
        signature: 'function transferFrom(address from, address to, uint256 amount) returns (bool)',
        args: [env.agent, params.to, amount],
      }),
      submit(),
    ],
  };
});
