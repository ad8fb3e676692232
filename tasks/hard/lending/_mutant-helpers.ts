// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import type { Address } from 'viem';
import type { SkillContext } from '../../../src/composite/reference.ts';

/** An approve round whose amount is the debt read when the script runs, plus `extra`. */
export async function debtNow(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address; current: boolean; extra: bigint },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function borrowBalanceCurrent(address) returns (uint256)',
    'function borrowBalanceStored(address) view returns (uint256)',
  ]);
  if (a.current)
    return (
      (
        await client.simulateContract({
          address: a.vToken,
          abi,
          functionName: 'borrowBalanceCurrent',
          args: [agentAddress],
          account: agentAddress,
        })
      ).result + a.extra
    );
  return (await client.readContract({ address: a.vToken, abi, functionName: 'borrowBalanceStored', args: [agentAddress] })) + a.extra;
}
