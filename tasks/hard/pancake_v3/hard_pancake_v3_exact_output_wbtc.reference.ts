import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_exact_output_wbtc'>;

const ERC20 = parseAbi(['function decimals() view returns (uint8)']);
const QUOTER = parseAbi([
  'function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)',
]);
const FEE = 500; // the request's 0.05 % pool

// WBTC's decimals come from the chain; the router pulls only what the swap costs, up to the cap.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_pancake_v3_exact_output_wbtc'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const decimals = await client.readContract({ address: deployedContracts.WBTC, abi: ERC20, functionName: 'decimals' });
  const amountOut = parseUnits(PARAMS.amount, decimals);
  const pool = { tokenIn: deployedContracts.USDT, tokenOut: deployedContracts.WBTC, fee: FEE };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactOutputSingle',
    args: [{ ...pool, amount: amountOut, sqrtPriceLimitX96: 0n }],
  });
  const amountInMaximum = (result[0] * BigInt(100 + PARAMS.slippage)) / 100n;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactOutputSingle',
    args: [{ ...pool, recipient: agent, deadline, amountOut, amountInMaximum, sqrtPriceLimitX96: 0n }],
  });
  return { to: deployedContracts.v3_swap_router, data };
}
