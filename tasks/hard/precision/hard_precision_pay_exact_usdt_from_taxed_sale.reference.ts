import { createPublicClient, encodeFunctionData, http, parseAbi, parseGwei, parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_pay_exact_usdt_from_taxed_sale'>;

const ROUTER = parseAbi([
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

// Finds the least MRLN whose sale pays the payee at least the amount, simulating the sale as the platform
// will send it (from the wallet, with its fees: a fee-less eth_call runs at gas price 0, where a token may
// take no tax). The fee-on-transfer variant prices what the first pair really receives and checks the
// payee's USDT gain against the minimum, so the least passing input pays exactly the amount. Bisection
// from the untaxed quote, doubling the upper end until it passes.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const path = [PARAMS.token, deployedContracts.WBNB!, deployedContracts.USDT!];
  const want = parseUnits(PARAMS.usdt, 18);
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
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amountIn, want, path, PARAMS.payee, deadline],
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
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [hi, want, path, PARAMS.payee, deadline],
    }),
  };
}
