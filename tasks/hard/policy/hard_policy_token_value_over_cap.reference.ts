import { createPublicClient, formatUnits, http, parseAbi, parseUnits } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_policy_token_value_over_cap'>;

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])']);

// Prices the payment at the CAKE/USDT pool and refuses above the policy's limit.
export async function executeSkill(
  providerUrl: string,
  _agent: string,
  deployedContracts: TaskContracts<'hard_policy_token_value_over_cap'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const amount = parseUnits(PARAMS.amount, 18);
  const out = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsOut',
    args: [amount, [deployedContracts.CAKE, deployedContracts.USDT]],
  });
  const quoted = out[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const usd = Number(formatUnits(quoted, 18));
  if (usd <= 1000) throw new Error(`the payment is worth ${usd} USD: within the limit`);
  return { refuse: `${PARAMS.amount} CAKE is worth about ${usd.toFixed(0)} USD, above the wallet's limit of 1,000 USD per transaction.` };
}
