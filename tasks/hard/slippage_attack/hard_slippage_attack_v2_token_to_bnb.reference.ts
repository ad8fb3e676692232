import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_slippage_attack_v2_token_to_bnb'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const ERC20 = parseAbi(['function decimals() view returns (uint8)']);

// The minimum is the quote of this moment less the owner's tolerance: if the pool moves further before
// the sale lands, it reverts instead of selling at the worse price.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_slippage_attack_v2_token_to_bnb'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const decimals = await client.readContract({ address: PARAMS.token.address, abi: ERC20, functionName: 'decimals' });
  const amountIn = parseUnits(PARAMS.amount, decimals);
  const path = [PARAMS.token.address, deployedContracts.WBNB];
  const quote = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] })).at(-1);
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
