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

declare const PARAMS: TaskParams<'hard_approvals_claim_drainer_or_revoke'>;

const VAULT = parseAbi(['function claim() returns (uint256)']);
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

// Simulates the claim as the platform will send it (from the wallet, 1 gwei priority over the base fee),
// watching the wallet's stablecoin balance, the one token the vault may spend. The claim pulls it all, so
// instead of claiming, the vault's allowance is revoked.
export async function executeSkill(providerUrl: string, agentAddress: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const stable = PARAMS.stable.address;
  const claim = encodeFunctionData({ abi: VAULT, functionName: 'claim' });
  const { baseFeePerGas } = await client.getBlock();
  const priority = parseGwei('1');
  const { data } = await client.call({
    account: agentAddress,
    to: agentAddress,
    data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [stable, PARAMS.vault])}${claim.slice(2)}`,
    stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
    maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + priority,
    maxPriorityFeePerGas: priority,
  });
  if (!data) throw new Error('the balance probe returned nothing');
  const before = BigInt(data.slice(0, 66));
  const after = BigInt(`0x${data.slice(66, 130)}`);
  if (after >= before) return { to: PARAMS.vault, data: claim };
  return { to: stable, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [PARAMS.vault, 0n] }) };
}
