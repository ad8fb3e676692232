import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_tokens_for_exact_tokens'>;

const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'swap_tokens_for_exact_tokens'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  // The output in the bought token's own decimals (USDC has 6 on Base).
  const decimals = await client.readContract({ address: PARAMS.pair.buyAddress, abi: erc20Abi, functionName: 'decimals' });
  const amountOut = parseUnits(PARAMS.amount, decimals);
  const path = [PARAMS.pair.sellAddress, PARAMS.pair.buyAddress];
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsIn', args: [amountOut, path] });
  const [quoted] = amounts;
  if (quoted === undefined) throw new Error('the router returned no quote');
  const maxIn = (quoted * BigInt(100 + PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapTokensForExactTokens',
    args: [amountOut, maxIn, path, agentAddress, timestamp + 1200n],
  });
  return { to: router, data };
}
