import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_deliver_exact'>;

const YLD = parseAbi([
  'function taxOf(address from, address to, uint256 amount) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);

// Gross up by the tax the token itself reports for this transfer, then step to the least amount that
// delivers exactly the target (the tax is rounded down, so ⌈X / (1 − t)⌉ may be off by a unit).
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_fee_on_transfer_deliver_exact'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = deployedContracts.YLD;
  const want = parseUnits(PARAMS.amount, 18);
  const net = async (gross: bigint) =>
    gross - (await client.readContract({ address: token, abi: YLD, functionName: 'taxOf', args: [agentAddress, PARAMS.to, gross] }));
  const probe = 10n ** 24n;
  const taxOnProbe = probe - (await net(probe));
  let gross = (want * probe + (probe - taxOnProbe) - 1n) / (probe - taxOnProbe);
  while ((await net(gross)) < want) gross += 1n;
  while (gross > want && (await net(gross - 1n)) >= want) gross -= 1n;
  if ((await net(gross)) !== want) throw new Error('no transfer delivers exactly the amount');
  return { to: token, data: encodeFunctionData({ abi: YLD, functionName: 'transfer', args: [PARAMS.to, gross] }) };
}
