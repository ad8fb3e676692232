// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import type { Address } from 'viem';
import type { SkillContext } from '../../../src/composite/reference.ts';

/** What the wallet owes as last stored (borrowBalanceStored): the habit of reading a view and missing the interest since. */
export async function storedDebt(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { vToken: Address },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  return client.readContract({
    address: a.vToken,
    abi: parseAbi(['function borrowBalanceStored(address) view returns (uint256)']),
    functionName: 'borrowBalanceStored',
    args: [agentAddress],
  });
}
