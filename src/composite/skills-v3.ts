// Skills for PancakeSwap V3 rounds (the hard split): each an ordinary function of the script's context
// and its arguments, run alone in the sandbox.
import type { Address } from 'viem';
import type { SkillContext, Tx } from './script.ts';

/**
 * Sells exactly `amountIn` of `token` for native BNB in the token's deepest V3 pool (the tier whose pool
 * has the most in-range liquidity): one SwapRouter multicall of exactInputSingle with the router as
 * recipient, then unwrapWETH9 to the wallet; both minimums at QuoterV2's quote less `slippage` %.
 */
export async function sellForBnbDeepestV3(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { token: Address; amountIn: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const factory = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
  const pool = parseAbi(['function liquidity() view returns (uint128)']);
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) payable returns (uint256)',
    'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
    'function multicall(bytes[] data) payable returns (bytes[])',
  ]);
  const wbnb = deployedContracts.WBNB;
  let best = { fee: 0, liquidity: -1n };
  for (const fee of [100, 500, 2500, 10000]) {
    const at = await client.readContract({
      address: deployedContracts.v3_factory!,
      abi: factory,
      functionName: 'getPool',
      args: [a.token, wbnb, fee],
    });
    if (at === zeroAddress) continue;
    const liquidity = await client.readContract({ address: at, abi: pool, functionName: 'liquidity' });
    if (liquidity > best.liquidity) best = { fee, liquidity };
  }
  const single = { tokenIn: a.token, tokenOut: wbnb, fee: best.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter!,
    abi: quoter,
    functionName: 'quoteExactInputSingle',
    args: [{ ...single, amountIn: a.amountIn, sqrtPriceLimitX96: 0n }],
  });
  const minimum = (result[0] * BigInt(100 - a.slippage)) / 100n;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const routerAddress = deployedContracts.v3_swap_router!;
  const swap = encodeFunctionData({
    abi: router,
    functionName: 'exactInputSingle',
    args: [{ ...single, recipient: routerAddress, deadline, amountIn: a.amountIn, amountOutMinimum: minimum, sqrtPriceLimitX96: 0n }],
  });
  const unwrap = encodeFunctionData({ abi: router, functionName: 'unwrapWETH9', args: [minimum, agentAddress] });
  return { to: routerAddress, data: encodeFunctionData({ abi: router, functionName: 'multicall', args: [[swap, unwrap]] }) };
}

// Re-ranging a V3 position: the pool's price before the wallet's own rebalancing swap, that one swap
// sized to the ratio a range needs, and the mint of what the wallet then holds.

/**
 * slot0 of the token0/token1 pool at `fee` as it stood before the wallet's latest swap in it (the pool's
 * Swap event with the wallet as recipient, within the last 200 blocks), or now when there is none: the
 * price a range "around the current price" was drawn from once the rebalancing swap has moved it.
 */
export async function v3PriceBeforeOwnSwap(
  { viem: { createPublicClient, http, parseAbi, parseAbiItem }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token0: Address; token1: Address; fee: number },
): Promise<{ sqrtPriceX96: bigint; tick: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getPool(address, address, uint24) view returns (address)',
    'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint32, bool)',
  ]);
  const pool = await client.readContract({
    address: deployedContracts.v3_factory!,
    abi,
    functionName: 'getPool',
    args: [a.token0, a.token1, a.fee],
  });
  const head = await client.getBlockNumber();
  const swaps = await client.getLogs({
    address: pool,
    event: parseAbiItem(
      'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
    ),
    args: { recipient: agentAddress },
    fromBlock: head > 200n ? head - 200n : 0n,
    toBlock: head,
  });
  const blockNumber = swaps.length ? swaps[swaps.length - 1]!.blockNumber - 1n : head;
  const slot0 = await client.readContract({ address: pool, abi, functionName: 'slot0', blockNumber });
  return { sqrtPriceX96: slot0[0], tick: slot0[1] };
}

/**
 * The one exact-input swap in the token0/token1 pool at `fee` that turns `amount0` and `amount1` into the
 * ratio a position over `range` takes at the price the swap leaves (QuoterV2's
 * sqrtPriceX96After), found by bisection over the amount sold: the most that still leaves the sold token
 * the side that limits nothing, so the mint uses all of the other.
 */
export async function v3RebalanceSwap(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext,
  a: {
    token0: Address;
    token1: Address;
    fee: number;
    range: { tickLower: number; tickUpper: number };
    amount0: bigint;
    amount1: bigint;
  },
): Promise<{ tokenIn: Address; tokenOut: Address; amountIn: bigint }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getPool(address, address, uint24) view returns (address)',
    'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint32, bool)',
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
  ]);
  const Q96 = 2n ** 96n;
  const sqrtAt = (t: number) => BigInt(Math.floor(Math.sqrt(1.0001 ** t) * 2 ** 96));
  const [sa, sb] = [sqrtAt(a.range.tickLower), sqrtAt(a.range.tickUpper)];
  const pool = await client.readContract({
    address: deployedContracts.v3_factory!,
    abi,
    functionName: 'getPool',
    args: [a.token0, a.token1, a.fee],
  });
  const [now] = await client.readContract({ address: pool, abi, functionName: 'slot0' });
  // > 0 when token0 is in excess of what the liquidity token1 buys at price s (both scaled alike).
  const excess0 = (u: bigint, w: bigint, s: bigint) => {
    const p = s < sa ? sa : s > sb ? sb : s;
    return u * p * sb * (p - sa) - w * Q96 * Q96 * (sb - p);
  };
  const sell0 = excess0(a.amount0, a.amount1, now) > 0n;
  const [tokenIn, tokenOut] = sell0 ? [a.token0, a.token1] : [a.token1, a.token0];
  const after = async (x: bigint): Promise<[bigint, bigint]> => {
    if (x === 0n) return [0n, now];
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter!,
      abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn, tokenOut, amountIn: x, fee: a.fee, sqrtPriceLimitX96: 0n }],
    });
    return [result[0], result[1]];
  };
  // The sold token stays in excess (or balanced) for every amount up to the answer.
  const stillExcess = async (x: bigint) => {
    const [out, s] = await after(x);
    return sell0 ? excess0(a.amount0 - x, a.amount1 + out, s) >= 0n : excess0(a.amount0 + out, a.amount1 - x, s) <= 0n;
  };
  let [lo, hi] = [0n, sell0 ? a.amount0 : a.amount1];
  while (hi - lo > 1n + hi / 10n ** 12n) {
    const mid = (lo + hi) / 2n;
    if (await stillExcess(mid)) lo = mid;
    else hi = mid;
  }
  return { tokenIn, tokenOut, amountIn: lo };
}

/** approve(spender, plan.amountIn) on the token a swap plan sells. */
export function approveSwapPlan(
  { viem: { encodeFunctionData, erc20Abi } }: SkillContext,
  a: { plan: { tokenIn: Address; amountIn: bigint }; spender: Address },
): Tx {
  return { to: a.plan.tokenIn, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.spender, a.plan.amountIn] }) };
}

/** exactInputSingle of a swap plan at `fee` on the V3 SwapRouter, to the wallet; minimum QuoterV2's quote less `slippage` %. */
export async function swapPlannedV3(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { plan: { tokenIn: Address; tokenOut: Address; amountIn: bigint }; fee: number; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) payable returns (uint256)',
  ]);
  const single = { tokenIn: a.plan.tokenIn, tokenOut: a.plan.tokenOut, fee: a.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter!,
    abi,
    functionName: 'quoteExactInputSingle',
    args: [{ ...single, amountIn: a.plan.amountIn, sqrtPriceLimitX96: 0n }],
  });
  const { timestamp } = await client.getBlock();
  const params = {
    ...single,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
    amountIn: a.plan.amountIn,
    amountOutMinimum: (result[0] * BigInt(100 - a.slippage)) / 100n,
    sqrtPriceLimitX96: 0n,
  };
  return { to: deployedContracts.v3_swap_router!, data: encodeFunctionData({ abi, functionName: 'exactInputSingle', args: [params] }) };
}

/** NonfungiblePositionManager.mint of `amount0` and `amount1` over `range` to the wallet, minimums `slippage` % below them. */
export async function mintV3Position(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: {
    token0: Address;
    token1: Address;
    fee: number;
    range: { tickLower: number; tickUpper: number };
    amount0: bigint;
    amount1: bigint;
    slippage: number;
  },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline)) payable returns (uint256, uint128, uint256, uint256)',
  ]);
  const keep = BigInt(100 - a.slippage);
  const { timestamp } = await client.getBlock();
  const params = {
    token0: a.token0,
    token1: a.token1,
    fee: a.fee,
    tickLower: a.range.tickLower,
    tickUpper: a.range.tickUpper,
    amount0Desired: a.amount0,
    amount1Desired: a.amount1,
    amount0Min: (a.amount0 * keep) / 100n,
    amount1Min: (a.amount1 * keep) / 100n,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
  };
  return { to: deployedContracts.v3_position_manager!, data: encodeFunctionData({ abi, functionName: 'mint', args: [params] }) };
}

/** The wallet's position NFT in the token0/token1 pool at `fee` (it holds one there until it burns it). */
export async function v3PositionIn(
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
export async function v3DecreaseAll(
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
