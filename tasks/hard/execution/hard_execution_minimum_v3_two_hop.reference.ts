import { concatHex, createPublicClient, encodeFunctionData, erc20Abi, http, numberToHex, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_v3_two_hop'>;

const QUOTER = parseAbi([
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)',
]);

// Nothing but a searcher trades in the two pools before inclusion, so the swap executes at exactly QuoterV2's
// quote of the path now: a minimum at that quote leaves no room to trade ahead of it, and anything lower is taken.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_v3_two_hop'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { v3_swap_router, v3_quoter, WBNB, USDT } = deployedContracts;
  const token = PARAMS.token.address;
  const decimals = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  const amountIn = parseUnits(PARAMS.token.amount, decimals);
  const fee = (f: number) => numberToHex(f, { size: 3 });
  const path = concatHex([token, fee(PARAMS.token.fee), WBNB, fee(500), USDT]);
  const { result } = await client.simulateContract({
    address: v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactInput',
    args: [path, amountIn],
  });
  const quote = result[0];
  const minimum = quote;
  const { timestamp } = await client.getBlock();
  return {
    to: v3_swap_router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'exactInput',
      args: [{ path, recipient: agent, deadline: timestamp + 1200n, amountIn, amountOutMinimum: minimum }],
    }),
  };
}
