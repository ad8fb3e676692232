import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, zeroAddress, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_split_bnb_to_floki'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
]);

// The obvious execution: the whole order in the pool with the most liquidity, its minimum the quote less the slippage.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_split_bnb_to_floki'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBNB, FLOKI, v3_factory, v3_quoter, v3_swap_router } = deployedContracts;
  const amountIn = parseEther(PARAMS.amount);
  let deepest = { fee: 0, liquidity: -1n };
  for (const fee of [100, 500, 2500, 10000]) {
    const pool = await client.readContract({ address: v3_factory, abi: FACTORY, functionName: 'getPool', args: [WBNB, FLOKI, fee] });
    if (pool === zeroAddress) continue;
    const liquidity = await client.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
    if (liquidity > deepest.liquidity) deepest = { fee, liquidity };
  }
  const swap = { tokenIn: WBNB, tokenOut: FLOKI, fee: deepest.fee };
  const { result } = await client.simulateContract({
    address: v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInputSingle',
    args: [{ ...swap, amountIn, sqrtPriceLimitX96: 0n }],
  });
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactInputSingle',
    args: [
      {
        ...swap,
        recipient: agent,
        deadline: timestamp + 1200n,
        amountIn,
        amountOutMinimum: (result[0] * BigInt(100 - PARAMS.slippage)) / 100n,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
  return { to: v3_swap_router, value: amountIn, data };
}
