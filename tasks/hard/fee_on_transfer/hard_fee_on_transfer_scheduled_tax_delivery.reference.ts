import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_scheduled_tax_delivery'>;

const KRN = parseAbi([
  'function transferTaxBps() view returns (uint16)',
  'function scheduledTaxes() view returns (uint16 buyBps, uint16 sellBps, uint16 transferBps, uint256 effectiveAt)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);

// The transfer is mined in a later block than the one read, so its timestamp is at least the head's + 1:
// a scheduled rate that starts by then is the rate it pays. Gross up by that one, ⌈X · 10000 / (10000 − bps)⌉.
export async function executeSkill(
  providerUrl: string,
  _agentAddress: Address,
  _deployedContracts: TaskContracts<'hard_fee_on_transfer_scheduled_tax_delivery'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlock();
  const [, , scheduledBps, effectiveAt] = await client.readContract({ address: PARAMS.token, abi: KRN, functionName: 'scheduledTaxes' });
  const nowBps = await client.readContract({ address: PARAMS.token, abi: KRN, functionName: 'transferTaxBps' });
  const bps = BigInt(effectiveAt !== 0n && effectiveAt <= head.timestamp + 1n ? scheduledBps : nowBps);
  const want = parseUnits(PARAMS.amount, 18);
  const keep = 10_000n - bps;
  const gross = ((want - 1n) * 10_000n) / keep + 1n;
  return { to: PARAMS.token, data: encodeFunctionData({ abi: KRN, functionName: 'transfer', args: [PARAMS.to, gross] }) };
}
