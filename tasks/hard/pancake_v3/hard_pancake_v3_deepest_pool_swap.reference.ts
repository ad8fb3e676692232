import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, zeroAddress, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_deepest_pool_swap'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
]);
// PancakeSwap V3's fee tiers (the factory's feeAmountTickSpacing); there is no 3000.
const TIERS = [100, 500, 2500, 10000];

// The deepest pool is the one with the most in-range liquidity, compared across the pair's tiers.
async function deepestTier(client: ReturnType<typeof createPublicClient>, factory: Address, a: Address, b: Address): Promise<number> {
  let best = { fee: 0, liquidity: -1n };
  for (const fee of TIERS) {
    const pool = await client.readContract({ address: factory, abi: FACTORY, functionName: 'getPool', args: [a, b, fee] });
    if (pool === zeroAddress) continue;
    const liquidity = await client.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
    if (liquidity > best.liquidity) best = { fee, liquidity };
  }
  return best.fee;
}

export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_pancake_v3_deepest_pool_swap'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const amountIn = parseEther(PARAMS.amount);
  const fee = await deepestTier(client, deployedContracts.v3_factory, deployedContracts.WBNB, PARAMS.token.address);
  const pool = { tokenIn: deployedContracts.WBNB, tokenOut: PARAMS.token.address, fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInputSingle',
    args: [{ ...pool, amountIn, sqrtPriceLimitX96: 0n }],
  });
  const minimum = (result[0] * BigInt(100 - PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactInputSingle',
    args: [{ ...pool, recipient: agent, deadline: timestamp + 1200n, amountIn, amountOutMinimum: minimum, sqrtPriceLimitX96: 0n }],
  });
  return { to: deployedContracts.v3_swap_router, value: amountIn, data };
}
