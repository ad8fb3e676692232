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
  v3DecreaseAll,
  v3PositionIn,
  v3RebalanceSwap,
  type SkillContext,
  type Tx,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** collect(tokenId, wallet, 2^128 - 1, 2^128 - 1): everything the position owes, fees the decrease credited included. */
export function collectAll(
  { viem: { encodeFunctionData, parseAbi }, agentAddress, deployedContracts }: SkillContext<HardContracts>,
  a: { tokenId: bigint },
): Tx {
  const abi = parseAbi([
    'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max)) payable returns (uint256, uint256)',
  ]);
  const max = 2n ** 128n - 1n;
  const args = { tokenId: a.tokenId, recipient: agentAddress, amount0Max: max, amount1Max: max };
  return { to: deployedContracts.v3_position_manager, data: encodeFunctionData({ abi, functionName: 'collect', args: [args] }) };
}

/** burn(tokenId) on the position manager. */
export function burnPosition(
  { viem: { encodeFunctionData, parseAbi }, deployedContracts }: SkillContext<HardContracts>,
  a: { tokenId: bigint },
): Tx {
  return {
    to: deployedContracts.v3_position_manager,
    data: encodeFunctionData({ abi: parseAbi(['function burn(uint256)']), functionName: 'burn', args: [a.tokenId] }),
  };
}

/** `half` ticks either side of a tick rounded down to the tier's spacing. */
export async function centredRange(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext<HardContracts>,
  a: { fee: number; half: number; price: { tick: number } },
): Promise<{ tickLower: number; tickUpper: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spacing = await client.readContract({
    address: deployedContracts.v3_factory,
    abi: parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']),
    functionName: 'feeAmountTickSpacing',
    args: [a.fee],
  });
  const centre = Math.floor(a.price.tick / spacing) * spacing;
  return { tickLower: centre - a.half, tickUpper: centre + a.half };
}

export default defineCompositeReference((params: TaskParams<'hard_precision_v3_rerange'>, env: HardEnv) => {
  const pool = { token0: env.WBNB, token1: env.BUSD, fee: 500 };
  const tokenId = read(v3PositionIn, pool);
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
      script(v3DecreaseAll, { tokenId, slippage: params.slippage }),
      script(collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      (f) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router }),
      (f) => script(swapPlannedV3, { plan: plan(f), fee: 500, slippage: params.slippage }),
      (f) => script(approve, { token: env.WBNB, spender: env.v3_position_manager, amount: held(f, 'WBNB') }),
      (f) => script(approve, { token: env.BUSD, spender: env.v3_position_manager, amount: held(f, 'BUSD') }),
      (f) => script(mintV3Position, { ...pool, range, amount0: held(f, 'WBNB'), amount1: held(f, 'BUSD'), slippage: params.slippage }),
      submit(),
    ],
  };
});
