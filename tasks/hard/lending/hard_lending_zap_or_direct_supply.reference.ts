import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseGwei,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_zap_or_direct_supply'>;

const ABI = parseAbi(['function supply(uint256 amount) returns (uint256)', 'function mint(uint256 mintAmount) returns (uint256)']);
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in hard_approvals_claim_drainer_or_revoke.reference.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Runs the zap and the direct mint as the platform will send them (from the wallet, 1 gwei priority over
// the base fee), watching the wallet's vUSDT. Paying for gas, the zap credits the wallet nothing, so the
// USDT is supplied directly.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const vusdt = deployedContracts.vUSDT!;
  const amount = parseUnits(PARAMS.amount, 18);
  const viaZap = encodeFunctionData({ abi: ABI, functionName: 'supply', args: [amount] });
  const direct = encodeFunctionData({ abi: ABI, functionName: 'mint', args: [amount] });
  const { baseFeePerGas } = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const credited = async (target: Address, data: Hex) => {
    const { data: out } = await client.call({
      account: agentAddress,
      to: agentAddress,
      data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [vusdt, target])}${data.slice(2)}`,
      stateOverride: [{ address: agentAddress, code: BALANCE_PROBE }],
      ...fees,
    });
    return BigInt(`0x${out!.slice(66, 130)}`) - BigInt(out!.slice(0, 66));
  };
  const [zap, mint] = await Promise.all([credited(PARAMS.zap, viaZap).catch(() => 0n), credited(vusdt, direct)]);
  if (zap >= mint) return { to: PARAMS.zap, data: viaZap };
  return { to: vusdt, data: direct };
}
