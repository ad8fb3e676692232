import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_swap_output_amount'>;

export async function executeSkill(providerUrl: string, _agent: string, deployedContracts: TaskContracts<'query_swap_output_amount'>) {
  const provider = new JsonRpcProvider(providerUrl);
  const router = new Contract(
    deployedContracts.router,
    ['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])'],
    provider,
  );
  // The input in the sold token's own decimals (USDC has 6 on Base).
  const sell = new Contract(PARAMS.pair.sellAddress, ['function decimals() view returns (uint8)'], provider);
  const amounts: bigint[] = await router.getFunction('getAmountsOut')(parseUnits(PARAMS.amount, await sell.getFunction('decimals')()), [
    PARAMS.pair.sellAddress,
    PARAMS.pair.buyAddress,
  ]);
  const amountOut = amounts[1];
  if (amountOut === undefined) throw new Error('the router returned no quote');
  return { answer: amountOut.toString() };
}
