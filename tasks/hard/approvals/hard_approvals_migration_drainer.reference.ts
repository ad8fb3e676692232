import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseGwei,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_approvals_migration_drainer'>;

const MIGRATOR = parseAbi(['function migrate(uint256 amount)']);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after. In Yul:
 *   mstore(0, shl(224, 0x70a08231)) mstore(4, address())
 *   if iszero(staticcall(gas(), calldataload(0), 0, 36, 0x80, 32)) { revert(0, 0) }
 *   let n := sub(calldatasize(), 64)  calldatacopy(0x100, 64, n)
 *   if iszero(call(gas(), calldataload(32), 0, 0x100, n, 0, 0)) { returndatacopy(0, 0, returndatasize()) revert(0, returndatasize()) }
 *   (balanceOf again into 0xa0)  return(0x80, 64)
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Simulates migrating the whole LMX balance as the platform will send it (from the wallet, 1 gwei priority
// over the base fee), watching the wallet's LUMX. No LUMX arrives, so instead of migrating, the migration
// contract's LMX allowance is revoked.
export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const held = await client.readContract({ address: PARAMS.old, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  const migrate = encodeFunctionData({ abi: MIGRATOR, functionName: 'migrate', args: [held] });
  const { baseFeePerGas } = await client.getBlock();
  const priority = parseGwei('1');
  const { data } = await client.call({
    account: agentAddress,
    to: agentAddress,
    data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [PARAMS.new, PARAMS.migrator])}${migrate.slice(2)}`,
    stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
    maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + priority,
    maxPriorityFeePerGas: priority,
  });
  const received = BigInt(`0x${data!.slice(66, 130)}`) - BigInt(data!.slice(0, 66));
  if (held > 0n && received === held) return { to: PARAMS.migrator, data: migrate };
  return { to: PARAMS.old, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [PARAMS.migrator, 0n] }) };
}
