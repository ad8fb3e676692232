import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_buy_min_received'>;

const ROUTER = parseAbi([
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);

// The floor is about what reaches the wallet, so the swap is the fee-on-transfer variant: it compares the
// wallet's balance gain, after whatever the token takes on the way, with the minimum, where
// swapExactETHForTokens compares the pair's output before any tax. With NIMB's buy tax it reverts on
// inclusion and the wallet keeps its BNB, as the request asks.
export async function executeSkill(providerUrl: string, agentAddress: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { timestamp } = await client.getBlock();
  return {
    to: deployedContracts.router!,
    data: encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [parseUnits(String(PARAMS.floor), 18), [deployedContracts.WBNB!, PARAMS.token], agentAddress, timestamp + 1200n],
    }),
    value: parseEther(PARAMS.amount),
  };
}
