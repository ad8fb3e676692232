// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import type { Address } from 'viem';
import type { SkillContext, HardContracts } from '../../../src/composite/reference.ts';
import { json } from '../../../src/tasks/mutants.ts';

export const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, parseAbi } from 'viem';";

export const transfer = (token: string, to: string, amount: string) =>
  `return { to: ${token}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, ${amount}] }) };`;

/** A supporting-function sale with its minimum `keep` % of the router's quote for the whole amount. */
export async function sellSupporting(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { token: Address; amount: bigint; keep: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const path = [a.token, deployedContracts.WBNB];
  const out = await client.readContract({ address: deployedContracts.router, abi, functionName: 'getAmountsOut', args: [a.amount, path] });
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi,
    functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
    args: [a.amount, ((out[1] ?? 0n) * BigInt(a.keep)) / 100n, path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data };
}
