import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_collect_fees'>;

const MANAGER = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params) payable returns (uint256 amount0, uint256 amount1)',
]);
const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const POOL = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint32 feeProtocol, bool unlocked)',
]);
const UINT128_MAX = 2n ** 128n - 1n;

// A position is in range when its pool's current tick lies in [tickLower, tickUpper). collect() with the
// uint128 maximum on both sides takes every fee earned, including those the position has not been poked for.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: TaskContracts<'hard_pancake_v3_collect_fees'>) {
  void PARAMS;
  const client = createPublicClient({ transport: http(providerUrl) });
  const manager = deployedContracts.v3_position_manager;
  const count = await client.readContract({ address: manager, abi: MANAGER, functionName: 'balanceOf', args: [agent] });
  const inRange: bigint[] = [];
  for (let i = 0n; i < count; i++) {
    const id = await client.readContract({ address: manager, abi: MANAGER, functionName: 'tokenOfOwnerByIndex', args: [agent, i] });
    const [, , token0, token1, fee, tickLower, tickUpper, liquidity] = await client.readContract({
      address: manager,
      abi: MANAGER,
      functionName: 'positions',
      args: [id],
    });
    const pool = await client.readContract({
      address: deployedContracts.v3_factory,
      abi: FACTORY,
      functionName: 'getPool',
      args: [token0, token1, fee],
    });
    const [, tick] = await client.readContract({ address: pool, abi: POOL, functionName: 'slot0' });
    if (liquidity > 0n && tickLower <= tick && tick < tickUpper) inRange.push(id);
  }
  const [tokenId] = inRange;
  if (inRange.length !== 1 || tokenId === undefined) throw new Error(`expected one in-range position, found ${inRange.length}`);
  const amounts = { amount0Max: UINT128_MAX, amount1Max: UINT128_MAX };
  return {
    to: manager,
    data: encodeFunctionData({ abi: MANAGER, functionName: 'collect', args: [{ tokenId, recipient: agent, ...amounts }] }),
  };
}
