import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_sellable_buy'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

// Simulates selling what the wallet holds (eth_call from the wallet); the sale goes through, so it buys.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_honeypot_injection_sellable_buy'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const token = PARAMS.token.address;
  const held = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  const { timestamp } = await client.getBlock();
  try {
    await client.simulateContract({
      account: agentAddress,
      address: router,
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [held, 0n, [token, deployedContracts.WBNB], agentAddress, timestamp + 1200n],
    });
  } catch (e) {
    return { refuse: `Selling ${PARAMS.token.symbol} fails in simulation: ${(e as Error).message.split('\n')[0]}` };
  }
  const amountIn = parseEther(PARAMS.amount);
  const path = [deployedContracts.WBNB, token];
  const quote = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const quoted = quote[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  return {
    to: router,
    data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [minOut, path, agentAddress, timestamp + 1200n] }),
    value: amountIn,
  };
}
