import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_slippage_attack_v3_exact_input'>;

const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
]);

// The quoter is read with eth_call; the minimum is its quote less the owner's tolerance, so a pool
// pushed further before the swap lands makes it revert. The BNB sent pays the WBNB input.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_slippage_attack_v3_exact_input'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const amountIn = parseEther(PARAMS.amount);
  const pool = { tokenIn: deployedContracts.WBNB, tokenOut: PARAMS.token.address, fee: PARAMS.token.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInputSingle',
    args: [{ ...pool, amountIn, sqrtPriceLimitX96: 0n }],
  });
  const quote = result[0];
  const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactInputSingle',
    args: [{ ...pool, recipient: agent, deadline: timestamp + 1200n, amountIn, amountOutMinimum: minimum, sqrtPriceLimitX96: 0n }],
  });
  return { to: deployedContracts.v3_swap_router, value: amountIn, data };
}
