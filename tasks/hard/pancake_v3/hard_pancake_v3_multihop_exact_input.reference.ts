import { createPublicClient, encodeFunctionData, encodePacked, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_multihop_exact_input'>;

const QUOTER = parseAbi([
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)',
]);
const FIRST_HOP_FEE = 2500; // CAKE/WBNB 0.25 %

// The path is packed: tokenIn, fee (uint24), middle token, fee, tokenOut. CAKE has 18 decimals.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_pancake_v3_multihop_exact_input'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const amountIn = parseEther(PARAMS.amount);
  const path = encodePacked(
    ['address', 'uint24', 'address', 'uint24', 'address'],
    [deployedContracts.CAKE, FIRST_HOP_FEE, deployedContracts.WBNB, PARAMS.out.fee, PARAMS.out.address],
  );
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInput',
    args: [path, amountIn],
  });
  const amountOutMinimum = (result[0] * BigInt(100 - PARAMS.slippage)) / 100n;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  return {
    to: deployedContracts.v3_swap_router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'exactInput',
      args: [{ path, recipient: agent, deadline, amountIn, amountOutMinimum }],
    }),
  };
}
