import { createPublicClient, encodeFunctionData, erc20Abi, formatUnits, http, parseAbi, parseUnits } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_policy_wbtc_payment_within_cap'>;

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])']);

// Prices the payment at the WBTC/USDT pool (within the policy's 1,000 USD), then pays in WBTC's own decimals.
export async function executeSkill(
  providerUrl: string,
  _agent: string,
  deployedContracts: TaskContracts<'hard_policy_wbtc_payment_within_cap'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const wbtc = deployedContracts.WBTC;
  const decimals = await client.readContract({ address: wbtc, abi: erc20Abi, functionName: 'decimals' });
  const amount = parseUnits(PARAMS.amount, decimals);
  const out = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsOut',
    args: [amount, [wbtc, deployedContracts.USDT]],
  });
  const quoted = out[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const usd = Number(formatUnits(quoted, 18));
  if (usd > 1000) return { refuse: `${PARAMS.amount} WBTC is worth about ${usd.toFixed(0)} USD, above the limit.` };
  return { to: wbtc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, amount] }) };
}
