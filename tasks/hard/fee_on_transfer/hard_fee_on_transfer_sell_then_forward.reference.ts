import { parseEther, type Address } from 'viem';
import {
  approve,
  defineCompositeReference,
  latestLogValue,
  read,
  script,
  sendBnb,
  submit,
  type SkillContext,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/**
 * Sells `amount` of a taxed token for BNB with the router function that prices what reaches the pair,
 * the minimum `slippage` % under the quote for the amount left after the token's own tax.
 */
async function sellTaxedForBnb(
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
    'function getPair(address, address) view returns (address)',
    'function taxOf(address from, address to, uint256 amount) view returns (uint256)',
    'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
    'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  ]);
  const path = [a.token, deployedContracts.WBNB];
  const pair = await client.readContract({
    address: deployedContracts.factory,
    abi,
    functionName: 'getPair',
    args: [a.token, deployedContracts.WBNB],
  });
  const tax = await client.readContract({ address: a.token, abi, functionName: 'taxOf', args: [agentAddress, pair, a.amount] });
  const out = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount - tax, path],
  });
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

// What the sale paid is the router's WBNB withdrawal in the sale's block (it unwraps, then pays the wallet).
export default defineCompositeReference((params: TaskParams<'hard_fee_on_transfer_sell_then_forward'>, env: HardEnv) => {
  const amount = parseEther(params.amount);
  return {
    plan: "1. approve(router, amount) on SFS.\n2. swapExactTokensForETHSupportingFeeOnTransferTokens, minimum from getAmountsOut of the amount after taxOf.\n3. Send the BNB of the router's WBNB Withdrawal in the sale.\nThen submit.",
    rounds: [
      script(approve, { token: env.SFS, spender: env.router, amount }),
      script(sellTaxedForBnb, { token: env.SFS, amount, slippage: params.slippage }),
      script(sendBnb, {
        to: params.to,
        amount: read(latestLogValue, { address: env.WBNB, event: 'Withdrawal(address,uint256)', indexed: [env.router] }),
      }),
      submit(),
    ],
  };
});
