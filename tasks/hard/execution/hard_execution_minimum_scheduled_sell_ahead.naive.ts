import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_minimum_scheduled_sell_ahead'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);

// The obvious execution: the minimum at the owner's limit, the router's quote now less the tolerance.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_minimum_scheduled_sell_ahead'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { router, WBNB } = deployedContracts;
  const token = PARAMS.token.address;
  const decimals = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  const amountIn = parseUnits(PARAMS.token.amount, decimals);
  const path = [token, WBNB];
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quote = amounts[amounts.length - 1];
  if (quote === undefined) throw new Error('the router returned no quote');
  const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForETH',
      args: [amountIn, minimum, path, agent, timestamp + 1200n],
    }),
  };
}
