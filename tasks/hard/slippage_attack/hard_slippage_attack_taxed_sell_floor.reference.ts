import { createPublicClient, encodeFunctionData, http, parseAbi, parseGwei, parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_slippage_attack_taxed_sell_floor'>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

// What the sale really pays is found by simulating it as the platform will send it (from the wallet, with
// its fees: a fee-less eth_call runs at gas price 0, where QRTZ takes no tax). The fee-on-transfer variant
// checks the BNB the wallet receives against the minimum, so the largest minimum that still passes is the
// pay, found by bisection below the untaxed quote (about 60 eth_calls). The swap's minimum is that pay less
// the owner's tolerance.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router!;
  const path = [PARAMS.token, deployedContracts.WBNB!];
  const amountIn = parseUnits(PARAMS.amount, 18);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const pays = (min: bigint) =>
    client
      .simulateContract({
        account: agent,
        address: router,
        abi: ROUTER,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [amountIn, min, path, agent, deadline],
        ...fees,
      })
      .then(
        () => true,
        () => false,
      );
  // Invariant: a minimum of lo passes, one of hi does not.
  let lo = 0n;
  let hi = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }))[1]! + 1n;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (await pays(mid)) lo = mid;
    else hi = mid;
  }
  const minimum = (lo * BigInt(100 - PARAMS.slippage)) / 100n;
  return {
    to: router,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [amountIn, minimum, path, agent, deadline],
    }),
  };
}
