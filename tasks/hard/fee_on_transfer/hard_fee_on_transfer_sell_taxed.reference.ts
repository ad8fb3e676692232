import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_sell_taxed'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const TAXED = parseAbi(['function taxOf(address from, address to, uint256 amount) view returns (uint256)']);
const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);

// The pair receives the amount less the token's tax on the way in: quote that, and sell through the
// router function that prices what actually arrived (the standard one fails with UniswapV2: K).
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_fee_on_transfer_sell_taxed'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = PARAMS.sale.address;
  const amount = parseUnits(PARAMS.sale.amount, 18);
  const path = [token, deployedContracts.WBNB];
  const pair = await client.readContract({
    address: deployedContracts.factory,
    abi: FACTORY,
    functionName: 'getPair',
    args: [token, deployedContracts.WBNB],
  });
  const tax = await client.readContract({ address: token, abi: TAXED, functionName: 'taxOf', args: [agentAddress, pair, amount] });
  const out = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsOut',
    args: [amount - tax, path],
  });
  const quoted = out[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const min = (quoted * BigInt(100 - PARAMS.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
    args: [amount, min, path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data };
}
