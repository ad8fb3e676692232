import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'add_liquidity_bnb_token'> & { usdt: string };

const ROUTER = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
]);

export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'add_liquidity_bnb_token'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const bnb = parseEther(PARAMS.bnb);
  // USDT in its own decimals, as the token reports them.
  const decimals = await client.readContract({ address: deployedContracts.USDT, abi: erc20Abi, functionName: 'decimals' });
  const usdt = parseUnits(PARAMS.usdt, decimals);
  const keep = BigInt(100 - PARAMS.slippage);
  const { timestamp } = await client.getBlock();
  // The router pulls USDT under the agent's standing allowance and refunds any unused BNB.
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'addLiquidityETH',
    args: [deployedContracts.USDT, usdt, (usdt * keep) / 100n, (bnb * keep) / 100n, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data, value: bnb };
}
