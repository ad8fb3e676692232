import { createPublicClient, erc20Abi, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'query_swap_input_amount'>;

const ROUTER = parseAbi(['function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])']);

export async function executeSkill(providerUrl: string, _agent: Address, deployedContracts: TaskContracts<'query_swap_input_amount'>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  // The output in the bought token's own decimals (USDC has 6 on Base).
  const decimals = await client.readContract({ address: PARAMS.pair.buyAddress, abi: erc20Abi, functionName: 'decimals' });
  const amounts = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsIn',
    args: [parseUnits(PARAMS.amount, decimals), [PARAMS.pair.sellAddress, PARAMS.pair.buyAddress]],
  });
  const [amountIn] = amounts;
  if (amountIn === undefined) throw new Error('the router returned no quote');
  return { answer: amountIn.toString() };
}
