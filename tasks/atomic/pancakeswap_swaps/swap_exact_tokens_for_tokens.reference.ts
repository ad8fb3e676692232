import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_exact_tokens_for_tokens'>;

export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {
  const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(
    deployedContracts.router!,
    [
      'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
      'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
    ],
    provider,
  );
  const amountIn = parseUnits(PARAMS.amount, 18);
  const path = [PARAMS.pair.sellAddress, PARAMS.pair.buyAddress];
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(amountIn, path);
  const minOut = (amounts[amounts.length - 1]! * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await provider.getBlock('latest');
  const data = router.interface.encodeFunctionData('swapExactTokensForTokens', [
    amountIn,
    minOut,
    path,
    agentAddress,
    BigInt(block!.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router!, data };
}
