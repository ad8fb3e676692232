import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_exact_buy_launch_tax_drop'>;

const NOVA = parseAbi([
  'function buyTaxBps() view returns (uint16)',
  'function scheduledTaxes() view returns (uint16 buyBps, uint16 sellBps, uint16 transferBps, uint256 effectiveAt)',
]);
const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);

// The buy is mined in a later block (timestamp at least the head's + 1): a scheduled rate that starts by then
// is the one it pays. The pair sends the gross amount and the token keeps the tax, so ask the pair for the
// least gross that leaves the amount: swapETHForExactTokens with exactly what the router charges for it.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_precision_exact_buy_launch_tax_drop'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const head = await client.getBlock();
  const [scheduledBuy, , , effectiveAt] = await client.readContract({ address: PARAMS.token, abi: NOVA, functionName: 'scheduledTaxes' });
  const nowBuy = await client.readContract({ address: PARAMS.token, abi: NOVA, functionName: 'buyTaxBps' });
  const bps = BigInt(effectiveAt !== 0n && effectiveAt <= head.timestamp + 1n ? scheduledBuy : nowBuy);
  const want = parseUnits(PARAMS.amount, 18);
  const gross = ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
  const path = [deployedContracts.WBNB, PARAMS.token];
  const [cost] = await client.readContract({
    address: deployedContracts.router,
    abi: ROUTER,
    functionName: 'getAmountsIn',
    args: [gross, path],
  });
  if (cost === undefined) throw new Error('the router returned no quote');
  return {
    to: deployedContracts.router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapETHForExactTokens',
      args: [gross, path, agentAddress, head.timestamp + 1200n],
    }),
    value: cost,
  };
}
