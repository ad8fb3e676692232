import {
  approve,
  defineCompositeReference,
  read,
  script,
  submit,
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

// approve() of USDT.e returns nothing, which does not matter for sending it: only its encoding is used.
export default defineCompositeReference((params: TaskParams<'hard_approvals_usdte_change_allowance'>, env: HardEnv) => ({
  plan: "1. approve(router, 0) on USDT.e (it reverts on a change from one non-zero allowance to another).\n2. approve(router, amount in USDT.e's 6 decimals).\nThen submit.",
  rounds: [
    script(approve, { token: env.USDTe, spender: env.router, amount: 0n }),
    script(approve, { token: env.USDTe, spender: env.router, amount: read(inTokenUnits, { token: env.USDTe, amount: params.amount }) }),
    submit(),
  ],
}));
