import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_exact_bnb_for_tokens'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
]);

export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'swap_exact_bnb_for_tokens'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const path = [deployedContracts.WBNB, PARAMS.token.address];
  const amountIn = parseEther(PARAMS.amount);
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quoted = amounts[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapExactETHForTokens',
    args: [minOut, path, agentAddress, block.timestamp + 1200n],
  });
  return { to: router, data, value: amountIn };
}
