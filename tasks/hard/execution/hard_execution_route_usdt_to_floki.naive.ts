import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_route_usdt_to_floki'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const QUOTER = parseAbi([
  'function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)',
  'function exactOutput((bytes path, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)',
]);

// The obvious execution: the pair's pool with the most liquidity, or when it has none, the pool with the
// most liquidity of each hop through WBNB; the maximum the quote plus the owner's slippage.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_route_usdt_to_floki'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBNB, USDT, FLOKI, v3_factory, v3_quoter, v3_swap_router } = deployedContracts;
  const tokenIn = USDT;
  const tokenOut = FLOKI;
  const amountOut = parseUnits(PARAMS.amount, 9);
  const deepest = async (a: Address, b: Address) => {
    let best = { fee: 0, liquidity: -1n };
    for (const fee of [100, 500, 2500, 10000]) {
      const pool = await client.readContract({ address: v3_factory, abi: FACTORY, functionName: 'getPool', args: [a, b, fee] });
      if (pool === zeroAddress) continue;
      const liquidity = await client.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
      if (liquidity > best.liquidity) best = { fee, liquidity };
    }
    return best.liquidity < 0n ? undefined : best.fee;
  };
  const { timestamp } = await client.getBlock();
  const deadline = timestamp + 1200n;
  const direct = await deepest(tokenIn, tokenOut);
  if (direct !== undefined) {
    const swap = { tokenIn, tokenOut, fee: direct };
    const { result } = await client.simulateContract({
      address: v3_quoter,
      abi: QUOTER,
      functionName: 'quoteExactOutputSingle',
      args: [{ ...swap, amount: amountOut, sqrtPriceLimitX96: 0n }],
    });
    const amountInMaximum = (result[0] * BigInt(100 + PARAMS.slippage)) / 100n;
    const data = encodeFunctionData({
      abi: ROUTER,
      functionName: 'exactOutputSingle',
      args: [{ ...swap, recipient: agent, deadline, amountOut, amountInMaximum, sqrtPriceLimitX96: 0n }],
    });
    return { to: v3_swap_router, data };
  }
  const first = await deepest(tokenIn, WBNB);
  const second = await deepest(WBNB, tokenOut);
  // exactOutput's path runs from the token bought back to the token paid.
  const hex = (a: Address) => a.slice(2).toLowerCase();
  const fee = (f: number | undefined) => (f ?? 0).toString(16).padStart(6, '0');
  const path: Hex = `0x${hex(tokenOut)}${fee(second)}${hex(WBNB)}${fee(first)}${hex(tokenIn)}`;
  const { result } = await client.simulateContract({
    address: v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactOutput',
    args: [path, amountOut],
  });
  const amountInMaximum = (result[0] * BigInt(100 + PARAMS.slippage)) / 100n;
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactOutput',
    args: [{ path, recipient: agent, deadline, amountOut, amountInMaximum }],
  });
  return { to: v3_swap_router, data };
}
