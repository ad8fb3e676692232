import { createPublicClient, encodeAbiParameters, encodeFunctionData, http, parseAbi, parseGwei, type Address, type Hex } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_harvester_or_collect'>;

const MANAGER = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)',
  'function setApprovalForAll(address operator, bool approved)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const HARVESTER = parseAbi(['function harvestAll() returns (uint256)']);
const UINT128_MAX = 2n ** 128n - 1n;
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in test/helpers/balance-probe.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// What every position owes is what collect() would pay the owner (the position manager's own eth_call).
// harvestAll() is then simulated as the platform will send it (from the wallet, 1 gwei priority over the
// base fee), watching the wallet's balance of each token owed. It pays nothing, so the fees are collected
// directly and the harvester's operator approval withdrawn, in one multicall of the position manager.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const manager = deployedContracts.v3_position_manager!;
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };

  const count = await client.readContract({ address: manager, abi: MANAGER, functionName: 'balanceOf', args: [agent] });
  const owed = new Map<Address, bigint>();
  const collects: Hex[] = [];
  for (let i = 0n; i < count; i++) {
    const tokenId = await client.readContract({ address: manager, abi: MANAGER, functionName: 'tokenOfOwnerByIndex', args: [agent, i] });
    const [, , token0, token1] = await client.readContract({ address: manager, abi: MANAGER, functionName: 'positions', args: [tokenId] });
    const collect = { tokenId, recipient: agent, amount0Max: UINT128_MAX, amount1Max: UINT128_MAX };
    const { result } = await client.simulateContract({
      account: agent,
      address: manager,
      abi: MANAGER,
      functionName: 'collect',
      args: [collect],
    });
    if (result[0] === 0n && result[1] === 0n) continue;
    owed.set(token0, (owed.get(token0) ?? 0n) + result[0]);
    owed.set(token1, (owed.get(token1) ?? 0n) + result[1]);
    collects.push(encodeFunctionData({ abi: MANAGER, functionName: 'collect', args: [collect] }));
  }

  const harvest = encodeFunctionData({ abi: HARVESTER, functionName: 'harvestAll' });
  let paysAll = owed.size > 0;
  for (const [token, amount] of owed) {
    const { data } = await client
      .call({
        account: agent,
        to: agent,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, PARAMS.harvester])}${harvest.slice(2)}`,
        stateOverride: [{ address: agent, code: BALANCE_PROBE }],
        ...fees,
      })
      .catch(() => ({ data: undefined }));
    if (!data || BigInt(`0x${data.slice(66, 130)}`) - BigInt(data.slice(0, 66)) < amount) paysAll = false;
  }
  if (paysAll) return { to: PARAMS.harvester, data: harvest };
  const revoke = encodeFunctionData({ abi: MANAGER, functionName: 'setApprovalForAll', args: [PARAMS.harvester, false] });
  return { to: manager, data: encodeFunctionData({ abi: MANAGER, functionName: 'multicall', args: [[...collects, revoke]] }) };
}
