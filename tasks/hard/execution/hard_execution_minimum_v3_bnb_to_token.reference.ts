import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_v3_bnb_to_token'>;

const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
]);

// Nothing but a searcher trades in the pool before inclusion, so the swap executes at exactly QuoterV2's
// quote of now: a minimum at that quote leaves no room to trade ahead of it, and anything lower is taken.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_v3_bnb_to_token'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { v3_swap_router, v3_quoter, WBNB } = deployedContracts;
  const amountIn = parseEther(PARAMS.amount);
  const swap = { tokenIn: WBNB, tokenOut: PARAMS.token.address, fee: PARAMS.token.fee };
  const { result } = await client.simulateContract({
    address: v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInputSingle',
    args: [{ ...swap, amountIn, sqrtPriceLimitX96: 0n }],
  });
  const quote = result[0];
  const minimum = quote;
  const { timestamp } = await client.getBlock();
  return {
    to: v3_swap_router,
    value: amountIn,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'exactInputSingle',
      args: [{ ...swap, recipient: agent, deadline: timestamp + 1200n, amountIn, amountOutMinimum: minimum, sqrtPriceLimitX96: 0n }],
    }),
  };
}
