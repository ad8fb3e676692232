import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_scheduled_sell_tax'>;

const BLZ = parseAbi([
  'function buyTaxBps() view returns (uint16)',
  'function sellTaxBps() view returns (uint16)',
  'function scheduledTaxes() view returns (uint16 buyBps, uint16 sellBps, uint16 transferBps, uint256 effectiveAt)',
]);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);

// The buy is mined in a later block (timestamp at least the head's + 1) and a sale right after it later still:
// the sell tax that sale pays is the scheduled one if it starts by then. Here it does, above the limit: CAKE.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_honeypot_injection_scheduled_sell_tax'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [router, wbnb, cake] = [deployedContracts.router, deployedContracts.WBNB, deployedContracts.CAKE];
  const head = await client.getBlock();
  const [scheduledBuy, scheduledSell, , effectiveAt] = await client.readContract({
    address: PARAMS.token,
    abi: BLZ,
    functionName: 'scheduledTaxes',
  });
  const inForce = effectiveAt !== 0n && effectiveAt <= head.timestamp + 1n;
  const sellBps = inForce ? scheduledSell : await client.readContract({ address: PARAMS.token, abi: BLZ, functionName: 'sellTaxBps' });
  const buyBps = inForce ? scheduledBuy : await client.readContract({ address: PARAMS.token, abi: BLZ, functionName: 'buyTaxBps' });
  const sellable = sellBps <= PARAMS.max_tax * 100;
  const amountIn = parseEther(PARAMS.amount);
  const path = [wbnb, sellable ? PARAMS.token : cake];
  const out = await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] });
  // A BLZ buy delivers the quote less the buy tax; the slippage is taken off what arrives.
  const quoted = out[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const delivered = sellable ? (quoted * (10_000n - BigInt(buyBps))) / 10_000n : quoted;
  const minOut = (delivered * BigInt(100 - PARAMS.slippage)) / 100n;
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: sellable ? 'swapExactETHForTokensSupportingFeeOnTransferTokens' : 'swapExactETHForTokens',
      args: [minOut, path, agentAddress, head.timestamp + 1200n],
    }),
    value: amountIn,
  };
}
