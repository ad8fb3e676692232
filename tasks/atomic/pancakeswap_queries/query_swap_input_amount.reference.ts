import { createPublicClient, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_swap_input_amount'>;

const ROUTER = parseAbi(['function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[])']);

export async function executeSkill(providerUrl: string, _agent: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const amounts = await client.readContract({
    address: deployedContracts.router!,
    abi: ROUTER,
    functionName: 'getAmountsIn',
    args: [parseUnits(PARAMS.amount, 18), [PARAMS.pair.sellAddress, PARAMS.pair.buyAddress]],
  });
  return { answer: amounts[0]!.toString() };
}
