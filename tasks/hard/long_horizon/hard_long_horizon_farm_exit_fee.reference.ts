import {
  approve,
  balanceChanges,
  balanceOf,
  defineCompositeReference,
  read,
  script,
  submit,
  type SkillContext,
} from 'evm-questbench/composite';
import type { Address } from 'viem';
import type { TaskParams } from '../../params.ts';

/**
 * The first of `farms` where the wallet still has a stake and whose withdrawal of that whole stake, simulated as
 * the platform sends it (from the wallet, 1 gwei priority fee over the base fee), pays back at least (100 − loss) %
 * of it; withdraw() returns what it pays out. Without the fees the call runs at gas price 0.
 */
export async function cheapExitFarm(
  { viem: { createPublicClient, http, parseAbi, parseGwei }, providerUrl, agentAddress }: SkillContext,
  a: { farms: Address[]; loss: number; asSent: boolean },
): Promise<Address> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function stakedOf(address) view returns (uint256)', 'function withdraw(uint256 amount) returns (uint256)']);
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = a.asSent ? { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority } : {};
  for (const farm of a.farms) {
    const staked = await client.readContract({ address: farm, abi, functionName: 'stakedOf', args: [agentAddress as Address] });
    if (staked === 0n) continue;
    const { result } = await client.simulateContract({
      account: agentAddress as Address,
      address: farm,
      abi,
      functionName: 'withdraw',
      args: [staked],
      ...fees,
    });
    if (result * 100n >= staked * BigInt(100 - a.loss)) return farm;
  }
  throw new Error('no farm left whose exit stays within the limit');
}

/** withdraw(the wallet's whole stake) from `farm`. */
export async function withdrawWhole(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }: SkillContext,
  a: { farm: Address },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function stakedOf(address) view returns (uint256)', 'function withdraw(uint256 amount) returns (uint256)']);
  const staked = await client.readContract({ address: a.farm, abi, functionName: 'stakedOf', args: [agentAddress as Address] });
  return { to: a.farm, data: encodeFunctionData({ abi, functionName: 'withdraw', args: [staked] }) };
}

/**
 * removeLiquidityETH of every LP token of `pair` the wallet holds; the minimums are its share of the reserves
 * less `slippage` %.
 */
export async function removeAllForBnb(
  {
    viem: { createPublicClient, encodeFunctionData, erc20Abi, http, isAddressEqual, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { pair: Address; token: Address; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getReserves() view returns (uint112, uint112, uint32)',
    'function token0() view returns (address)',
    'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256, uint256)',
  ]);
  const wallet = agentAddress as Address;
  const lp = await client.readContract({ address: a.pair, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] });
  const supply = await client.readContract({ address: a.pair, abi: erc20Abi, functionName: 'totalSupply' });
  const [r0, r1] = await client.readContract({ address: a.pair, abi, functionName: 'getReserves' });
  const token0 = await client.readContract({ address: a.pair, abi, functionName: 'token0' });
  const [tokenReserve, bnbReserve] = isAddressEqual(token0, a.token) ? [r0, r1] : [r1, r0];
  const floor = (x: bigint) => (((x * lp) / supply) * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  return {
    to: deployedContracts.router as Address,
    data: encodeFunctionData({
      abi,
      functionName: 'removeLiquidityETH',
      args: [a.token, lp, floor(tokenReserve), floor(bnbReserve), wallet, timestamp + 1200n],
    }),
  };
}

/** swapExactTokensForETH of `amount` of `token` along token → WBNB, minimum the quote less `slippage` %. */
export async function sellForBnb(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token: Address; amount: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  ]);
  const router = deployedContracts.router as Address;
  const path = [a.token, deployedContracts.WBNB as Address];
  const quote = await client.readContract({ address: router, abi, functionName: 'getAmountsOut', args: [a.amount, path] });
  const { timestamp } = await client.getBlock();
  return {
    to: router,
    data: encodeFunctionData({
      abi,
      functionName: 'swapExactTokensForETH',
      args: [a.amount, (quote[1]! * BigInt(100 - a.slippage)) / 100n, path, agentAddress as Address, timestamp + 1200n],
    }),
  };
}

/** The CAKE the latest round that brought the wallet CAKE (the removal) added, as its feedback reported it (raw units). */
export const cakeReturned = (feedback: readonly string[]): bigint =>
  [...balanceChanges(feedback)]
    .reverse()
    .find((c) => (c.get('CAKE') ?? 0n) > 0n)
    ?.get('CAKE') ?? 0n;

export default defineCompositeReference((params: TaskParams<'hard_long_horizon_farm_exit_fee'>, env) => {
  const pair = env.pair_CAKE_WBNB!;
  const farm = read(cheapExitFarm, { farms: [params.stellar as Address, params.orbit as Address], loss: params.loss, asSent: true });
  return {
    plan: "1. Simulate withdrawing each farm's whole stake as it will be sent (with the platform's fees) and read what withdraw() returns; withdraw from the farm that pays back at least (100 − limit) %. The other takes far more in a real transaction: its stake stays.\n2. Approve the router for exactly the LP received.\n3. removeLiquidityETH, minimums from the share of the reserves.\n4. Approve the router for exactly the CAKE returned.\n5. Sell that CAKE for BNB, minimum from the quote.\nThen submit.",
    rounds: [
      script(withdrawWhole, { farm }),
      script(approve, { token: pair, spender: env.router!, amount: read(balanceOf, { token: pair }) }),
      script(removeAllForBnb, { pair, token: env.CAKE!, slippage: params.slippage }),
      (feedback) => script(approve, { token: env.CAKE!, spender: env.router!, amount: cakeReturned(feedback) }),
      (feedback) =>
        script(sellForBnb, {
          token: env.CAKE!,
          amount: cakeReturned(feedback),
          slippage: params.slippage,
        }),
      submit(),
    ],
  };
});
