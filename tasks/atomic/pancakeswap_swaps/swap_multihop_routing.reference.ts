import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_multihop_routing'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: TaskContracts<'swap_multihop_routing'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const path = [deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD];
  const amountIn = parseUnits(PARAMS.amount, 18);
  const amounts = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  // No tolerance was requested; 1 % below the quote still guards against a moved pool.
  const quoted = amounts.at(-1);
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * 99n) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, minOut, path, agentAddress, timestamp + 1200n],
  });
  return { to: router, data };
}
