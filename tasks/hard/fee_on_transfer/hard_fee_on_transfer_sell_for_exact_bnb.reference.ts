import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseGwei, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_sell_for_exact_bnb'>;

const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

// Finds the least HRBR whose sale pays at least the amount, simulating the sale as the platform will send
// it (from the wallet, with its fees: a fee-less eth_call runs at gas price 0, where HRBR takes no tax).
// The fee-on-transfer variant prices what the pair really receives and checks the BNB paid against the
// minimum, so the least passing input is the one that pays exactly the amount. Bisection from the untaxed
// quote, doubling the upper end until it passes: about 70 eth_calls.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const path = [PARAMS.token, deployedContracts.WBNB!];
  const want = parseEther(PARAMS.bnb);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const pays = (amountIn: bigint) =>
    client
      .simulateContract({
        account: agentAddress,
        address: router,
        abi: ROUTER,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [amountIn, want, path, agentAddress, deadline],
        ...fees,
      })
      .then(
        () => true,
        () => false,
      );
  let lo = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsIn', args: [want, path] }))[0]! - 1n;
  let hi = lo * 2n;
  while (!(await pays(hi))) [lo, hi] = [hi, hi * 2n];
  // Invariant: a sale of lo pays less than the amount, one of hi at least the amount.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (await pays(mid)) hi = mid;
    else lo = mid;
  }
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [hi, want, path, agentAddress, deadline],
    }),
  };
}
