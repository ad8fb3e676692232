import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_units_buy_exact_wbtc'>;

const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[])',
]);

// The output in WBTC's own decimals; the BNB sent is the quote plus the allowed slippage, the router refunds the rest.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_units_buy_exact_wbtc'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const path = [deployedContracts.WBNB, deployedContracts.WBTC];
  const decimals = await client.readContract({ address: deployedContracts.WBTC, abi: erc20Abi, functionName: 'decimals' });
  const amountOut = parseUnits(PARAMS.amount, decimals);
  const [quote] = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsIn',
    args: [amountOut, path],
  });
  if (quote === undefined) throw new Error('the router returned no quote');
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapETHForExactTokens',
    args: [amountOut, path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data, value: (quote * BigInt(100 + PARAMS.slippage)) / 100n };
}
