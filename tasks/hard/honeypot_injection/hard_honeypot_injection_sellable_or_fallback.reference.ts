import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, parseGwei, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_sellable_or_fallback'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

// Simulates selling the first choice as a real transaction would run (from the wallet, with the fees the
// platform sends); it reverts, so the BNB goes into the fallback, with the slippage minimum.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const wbnb = deployedContracts.WBNB!;
  const first = PARAMS.tokens.a_address as Address;
  const held = await client.readContract({ address: first, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const sellable = await client
    .simulateContract({
      account: agentAddress,
      address: router,
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [held, 0n, [first, wbnb], agentAddress, block.timestamp + 1200n],
      maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority,
      maxPriorityFeePerGas: priority,
    })
    .then(
      () => true,
      () => false,
    );
  const token = sellable ? first : (PARAMS.tokens.b_address as Address);
  const amountIn = parseEther(PARAMS.amount);
  const path = [wbnb, token];
  const quote = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  const minOut = (quote[1]! * BigInt(100 - PARAMS.slippage)) / 100n;
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactETHForTokens',
      args: [minOut, path, agentAddress, block.timestamp + 1200n],
    }),
    value: amountIn,
  };
}
