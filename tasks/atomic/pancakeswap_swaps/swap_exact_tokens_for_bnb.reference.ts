import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'swap_exact_tokens_for_bnb'>;

export async function executeSkill(
  providerUrl: string,
  agentAddress: string,
  deployedContracts: TaskContracts<'swap_exact_tokens_for_bnb'>,
) {
  const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(
    deployedContracts.router,
    [
      'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
    ],
    provider,
  );
  // The amount in the token's own decimals (USDC has 6 on Base).
  const token = new Contract(PARAMS.token.address, ['function decimals() view returns (uint8)'], provider);
  const amountIn = parseUnits(PARAMS.amount, await token.getFunction('decimals')());
  const path = [PARAMS.token.address, deployedContracts.WBNB];
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(amountIn, path);
  const quoted = amounts[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const minOut = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await provider.getBlock('latest');
  if (!block) throw new Error('the provider returned no latest block');
  const deadline = BigInt(block.timestamp) + 1200n;
  // The router already holds a standing allowance for the agent's tokens.
  const data = router.interface.encodeFunctionData('swapExactTokensForETH', [amountIn, minOut, path, agentAddress, deadline]);
  return { to: deployedContracts.router, data };
}
