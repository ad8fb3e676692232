import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_exact_tokens_for_tokens'>;

export async function executeSkill(
  providerUrl: string,
  agentAddress: string,
  deployedContracts: TaskContracts<'swap_exact_tokens_for_tokens'>,
) {
  const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(
    deployedContracts.router,
    [
      'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
      'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
    ],
    provider,
  );
  // The amount in the input token's own decimals (USDC has 6 on Base).
  const sell = new Contract(PARAMS.pair.sellAddress, ['function decimals() view returns (uint8)'], provider);
  const amountIn = parseUnits(PARAMS.amount, await sell.getFunction('decimals')());
  const path = [PARAMS.pair.sellAddress, PARAMS.pair.buyAddress];
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(amountIn, path);
  const quoted = amounts.at(-1);
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const data = router.interface.encodeFunctionData('swapExactTokensForTokens', [
    amountIn,
    minOut,
    path,
    agentAddress,
    BigInt(block.timestamp) + 1200n,
  ]);
  return { to: deployedContracts.router, data };
}
