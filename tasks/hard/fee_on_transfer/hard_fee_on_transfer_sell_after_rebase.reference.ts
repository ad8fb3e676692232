import { parseEther, type Address } from 'viem';
import {
  call,
  defineCompositeReference,
  script,
  submit,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * Sells `amount` of a rebasing token for BNB with the router function that prices what reaches the pair
 * (a rebasing transfer may deliver a unit less than asked), the minimum `slippage` % under the quote.
 */
async function sellForBnbByReceipt(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { token: Address; amount: bigint; slippage: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  ]);
  const path = [a.token, deployedContracts.WBNB];
  const out = await client.readContract({ address: deployedContracts.router, abi, functionName: 'getAmountsOut', args: [a.amount, path] });
  const quoted = out[1];
  if (quoted === undefined) throw new Error('the router returned no quote');
  const min = (quoted * BigInt(100 - a.slippage)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi,
    functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
    args: [a.amount, min, path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data };
}

export default defineCompositeReference((params: TaskParams<'hard_fee_on_transfer_sell_after_rebase'>, env: HardEnv) => ({
  plan: '1. pair_ORB_WBNB.sync(): the reserves take the rebased balance.\n2. swapExactTokensForETHSupportingFeeOnTransferTokens at the synced quote less the slippage.\nThen submit.',
  rounds: [
    script(call, { to: env.pair_ORB_WBNB, signature: 'function sync()' }),
    script(sellForBnbByReceipt, { token: env.ORB, amount: parseEther(params.amount), slippage: params.slippage }),
    submit(),
  ],
}));
