import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_scheduled_buy_against'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);

// The obvious execution: the minimum at the owner's limit, the router's quote now less the tolerance.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_scheduled_buy_against'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { router, WBNB } = deployedContracts;
  const amountIn = parseEther(PARAMS.amount);
  const path = [WBNB, PARAMS.token.address];
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quote = amounts[amounts.length - 1];
  if (quote === undefined) throw new Error('the router returned no quote');
  const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  return {
    to: router,
    value: amountIn,
    data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [minimum, path, agent, timestamp + 1200n] }),
  };
}
