import {
  approve,
  approveSwapPlan,
  balanceChanges,
  defineCompositeReference,
  mintV3Position,
  read,
  script,
  submit,
  swapPlannedV3,
  v3PriceBeforeOwnSwap,
  v3RebalanceSwap,
  type SkillContext,
  type Tx,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** The wallet's position NFT in the token0/token1 pool at `fee` (it holds one there until it burns it). */
export async function positionIn(
  { viem: { createPublicClient, http, parseAbi, isAddressEqual }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token0: Address; token1: Address; fee: number },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function balanceOf(address) view returns (uint256)',
    'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
    'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24, int24, uint128, uint256, uint256, uint128, uint128)',
  ]);
  const manager = deployedContracts.v3_position_manager!;
  const n = await client.readContract({ address: manager, abi, functionName: 'balanceOf', args: [agentAddress] });
  for (let i = 0n; i < n; i++) {
    const id = await client.readContract({ address: manager, abi, functionName: 'tokenOfOwnerByIndex', args: [agentAddress, i] });
    const p = await client.readContract({ address: manager, abi, functionName: 'positions', args: [id] });
    if (isAddressEqual(p[2], a.token0) && isAddressEqual(p[3], a.token1) && p[4] === a.fee) return id;
  }
  throw new Error('no position in that pool');
}

/** decreaseLiquidity by all of the position's liquidity; minimums `slippage` % below what an eth_call of it returns. */
export async function decreaseAll(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { tokenId: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function positions(uint256) view returns (uint96, address, address, address, uint24, int24, int24, uint128 liquidity, uint256, uint256, uint128, uint128)',
    'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline)) payable returns (uint256, uint256)',
  ]);
  const manager = deployedContracts.v3_position_manager!;
  const liquidity = (await client.readContract({ address: manager, abi, functionName: 'positions', args: [a.tokenId] }))[7];
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const { result } = await client.simulateContract({
    account: agentAddress,
    address: manager,
    abi,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId: a.tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline }],
  });
  const keep = BigInt(100 - a.slippage);
  const args = { tokenId: a.tokenId, liquidity, amount0Min: (result[0] * keep) / 100n, amount1Min: (result[1] * keep) / 100n, deadline };
  return { to: manager, data: encodeFunctionData({ abi, functionName: 'decreaseLiquidity', args: [args] }) };
}

/** collect(tokenId, wallet, 2^128 - 1, 2^128 - 1): everything the position owes, fees the decrease credited included. */
export function collectAll(
  { viem: { encodeFunctionData, parseAbi }, agentAddress, deployedContracts }: SkillContext,
  a: { tokenId: bigint },
): Tx {
  const abi = parseAbi([
    'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max)) payable returns (uint256, uint256)',
  ]);
  const max = 2n ** 128n - 1n;
  const args = { tokenId: a.tokenId, recipient: agentAddress, amount0Max: max, amount1Max: max };
  return { to: deployedContracts.v3_position_manager!, data: encodeFunctionData({ abi, functionName: 'collect', args: [args] }) };
}

/** burn(tokenId) on the position manager. */
export function burnPosition({ viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext, a: { tokenId: bigint }): Tx {
  return {
    to: deployedContracts.v3_position_manager!,
    data: encodeFunctionData({ abi: parseAbi(['function burn(uint256)']), functionName: 'burn', args: [a.tokenId] }),
  };
}

/** `half` ticks either side of a tick rounded down to the tier's spacing. */
export async function centredRange(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext,
  a: { fee: number; half: number; price: { tick: number } },
): Promise<{ tickLower: number; tickUpper: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spacing = await client.readContract({
    address: deployedContracts.v3_factory!,
    abi: parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']),
    functionName: 'feeAmountTickSpacing',
    args: [a.fee],
  });
  const centre = Math.floor(a.price.tick / spacing) * spacing;
  return { tickLower: centre - a.half, tickUpper: centre + a.half };
}

export default defineCompositeReference((params: TaskParams<'hard_precision_v3_rerange'>, env) => {
  const pool = { token0: env.WBNB!, token1: env.BUSD!, fee: 500 };
  const tokenId = read(positionIn, pool);
  const range = read(centredRange, { fee: 500, half: params.half, price: read(v3PriceBeforeOwnSwap, pool) });
  /** What the transaction round `i` (0-based) changed of `holding`, as its feedback reported it. */
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  // What the collect (round 2) paid, and after the swap (round 5) what of it the wallet holds.
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 1, 'WBNB'), amount1: change(f, 1, 'BUSD') });
  const held = (f: readonly string[], token: string) => change(f, 1, token) + change(f, 4, token);
  return {
    plan: "1. decreaseLiquidity(all) of the open WBNB/BUSD 0.05 % position, minimums from an eth_call.\n2. collect(max, max).\n3. burn.\n4. Range: slot0's tick rounded down to 10, ± half. The swap that leaves what collect paid in the range's ratio at the price after it (quoter bisection); approve the SwapRouter for it.\n5. exactInputSingle at 0.05 %, quoter minimum.\n6-7. Approve the position manager for the WBNB and BUSD now held from the collect.\n8. mint them over the range (tick from before the swap), minimums below.\nThen submit.",
    rounds: [
      script(decreaseAll, { tokenId, slippage: params.slippage }),
      script(collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      (f) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router! }),
      (f) => script(swapPlannedV3, { plan: plan(f), fee: 500, slippage: params.slippage }),
      (f) => script(approve, { token: env.WBNB!, spender: env.v3_position_manager!, amount: held(f, 'WBNB') }),
      (f) => script(approve, { token: env.BUSD!, spender: env.v3_position_manager!, amount: held(f, 'BUSD') }),
      (f) => script(mintV3Position, { ...pool, range, amount0: held(f, 'WBNB'), amount1: held(f, 'BUSD'), slippage: params.slippage }),
      submit(),
    ],
  };
});
