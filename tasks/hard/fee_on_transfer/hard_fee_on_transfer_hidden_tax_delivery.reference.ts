import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_hidden_tax_delivery'>;

const VLR = parseAbi(['function transferTaxBps() view returns (uint16)', 'function transfer(address to, uint256 amount) returns (bool)']);

// Grosses the amount up by the rate the token states, ⌈X · 10000 / (10000 − bps)⌉, instead of trusting
// a simulated transfer (which, at gas price 0, pays no tax).
export async function executeSkill(
  providerUrl: string,
  _agentAddress: Address,
  _deployedContracts: TaskContracts<'hard_fee_on_transfer_hidden_tax_delivery'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const bps = BigInt(await client.readContract({ address: PARAMS.token, abi: VLR, functionName: 'transferTaxBps' }));
  const want = parseUnits(PARAMS.amount, 18);
  const keep = 10_000n - bps;
  const gross = (want * 10_000n + keep - 1n) / keep;
  return { to: PARAMS.token, data: encodeFunctionData({ abi: VLR, functionName: 'transfer', args: [PARAMS.to, gross] }) };
}
