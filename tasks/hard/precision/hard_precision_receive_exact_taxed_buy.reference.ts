import { createPublicClient, encodeFunctionData, http, parseAbi, parseGwei, parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_receive_exact_taxed_buy'>;

const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);

// Finds the least BNB whose buy lands the amount in the wallet, simulating the buy as the platform will
// send it (from the wallet, with its fees: a fee-less eth_call runs at gas price 0, where a token may take
// no tax). The fee-on-transfer variant checks the wallet's balance gain against its minimum, so with the
// amount as the minimum the least passing value is the one that lands exactly the amount, whatever the
// token keeps on the way. Bisection from the untaxed quote, doubling the upper end until it passes.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const path = [deployedContracts.WBNB!, PARAMS.token];
  const want = parseUnits(PARAMS.amount, 18);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const lands = (value: bigint) =>
    client
      .simulateContract({
        account: agentAddress,
        address: router,
        abi: ROUTER,
        functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
        args: [want, path, agentAddress, deadline],
        value,
        ...fees,
      })
      .then(
        () => true,
        () => false,
      );
  let lo = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsIn', args: [want, path] }))[0]! - 1n;
  let hi = lo * 2n;
  while (!(await lands(hi))) [lo, hi] = [hi, hi * 2n];
  // Invariant: a buy for lo lands less than the amount, one for hi at least the amount.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (await lands(mid)) hi = mid;
    else lo = mid;
  }
  return {
    to: router,
    value: hi,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [want, path, agentAddress, deadline],
    }),
  };
}
