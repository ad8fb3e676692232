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
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/** withdraw(stakedOf(wallet)) on the farm: the whole stake, its reward paid with it. */
export async function withdrawAll(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext<HardContracts>,
  a: { farm: Address },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function stakedOf(address) view returns (uint256)', 'function withdraw(uint256)']);
  const staked = await client.readContract({ address: a.farm, abi, functionName: 'stakedOf', args: [agentAddress] });
  return { to: a.farm, data: encodeFunctionData({ abi, functionName: 'withdraw', args: [staked] }) };
}

/** removeLiquidity(tokenA, tokenB, liquidity) to the wallet, minimums `slippage` % below what an eth_call of it returns. */
export async function removeAll(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { tokenA: Address; tokenB: Address; liquidity: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256)',
  ]);
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const call = { address: deployedContracts.router, abi, functionName: 'removeLiquidity' } as const;
  const { result } = await client.simulateContract({
    ...call,
    account: agentAddress,
    args: [a.tokenA, a.tokenB, a.liquidity, 0n, 0n, agentAddress, deadline],
  });
  const keep = BigInt(100 - a.slippage);
  const args = [a.tokenA, a.tokenB, a.liquidity, (result[0] * keep) / 100n, (result[1] * keep) / 100n, agentAddress, deadline] as const;
  return { to: deployedContracts.router, data: encodeFunctionData({ abi, functionName: 'removeLiquidity', args }) };
}

/**
 * The range `pct` % either side of a price in USDT per BNB, as ticks of the USDT/WBNB pool at `fee`: USDT
 * is token0, so the pool's price (token1 per token0) is WBNB per USDT, the inverse, and the low end in
 * USDT per BNB is the high tick. Ends widen outward to the tier's tick spacing.
 */
export async function rangeAroundPrice(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext<HardContracts>,
  a: { fee: number; pct: number; price: { sqrtPriceX96: bigint } },
): Promise<{ tickLower: number; tickUpper: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spacing = await client.readContract({
    address: deployedContracts.v3_factory,
    abi: parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']),
    functionName: 'feeAmountTickSpacing',
    args: [a.fee],
  });
  const ln = Math.log(1.0001);
  const current = (2 * Math.log(Number(a.price.sqrtPriceX96) / 2 ** 96)) / ln;
  const lower = current - Math.log(1 + a.pct / 100) / ln;
  const upper = current - Math.log(1 - a.pct / 100) / ln;
  return { tickLower: Math.floor(lower / spacing) * spacing, tickUpper: Math.ceil(upper / spacing) * spacing };
}

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_v2_farm_to_v3_range'>, env: HardEnv) => {
  const pool = { token0: env.USDT, token1: env.WBNB, fee: 2500 };
  const range = read(rangeAroundPrice, { fee: 2500, pct: params.pct, price: read(v3PriceBeforeOwnSwap, pool) });
  /** What the transaction round `i` (0-based) changed of `holding`, as its feedback reported it. */
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  const lp = (f: readonly string[]) => change(f, 0, 'LP WBNB/USDT');
  // What the removal (round 3) returned, and after the swap (round 5) what of it the wallet holds.
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 2, 'USDT'), amount1: change(f, 2, 'WBNB') });
  const held = (f: readonly string[], token: string) => change(f, 2, token) + change(f, 4, token);
  return {
    plan: "1. withdraw(stakedOf) from the farm.\n2. Approve the V2 router for that LP.\n3. removeLiquidity(USDT, WBNB) of it, minimums from an eth_call.\n4. Range: ±pct % of the pool's USDT-per-BNB price (1 / token1-per-token0), ticks widened outward to 50; the swap that leaves USDT and WBNB in the range's ratio at the price after it (quoter bisection). Approve the SwapRouter for it.\n5. exactInputSingle at 0.25 %, quoter minimum.\n6-7. Approve the position manager for the USDT and WBNB now held from the removal.\n8. mint those amounts over the range (ticks from the price before the swap), minimums below.\nThen submit.",
    rounds: [
      script(withdrawAll, { farm: params.farm }),
      (f) => script(approve, { token: env.pair_WBNB_USDT, spender: env.router, amount: lp(f) }),
      (f) => script(removeAll, { tokenA: env.USDT, tokenB: env.WBNB, liquidity: lp(f), slippage: params.slippage }),
      (f) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router }),
      (f) => script(swapPlannedV3, { plan: plan(f), fee: 2500, slippage: params.slippage }),
      (f) => script(approve, { token: env.USDT, spender: env.v3_position_manager, amount: held(f, 'USDT') }),
      (f) => script(approve, { token: env.WBNB, spender: env.v3_position_manager, amount: held(f, 'WBNB') }),
      (f) => script(mintV3Position, { ...pool, range, amount0: held(f, 'USDT'), amount1: held(f, 'WBNB'), slippage: params.slippage }),
      submit(),
    ],
  };
});
