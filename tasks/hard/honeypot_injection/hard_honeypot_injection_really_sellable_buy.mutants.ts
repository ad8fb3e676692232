import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { sellAll, ROUTER_ABI, VIEM } from './_mutant-helpers.ts';

// --- Honeypots that hide from simulation: a sale simulated at gas price 0 goes through, a real one reverts. ---

/**
 * Checks that the `token` the wallet holds can be sold by simulating the sale the default way (eth_call
 * or eth_estimateGas with no fee), then buys `buyIfSellable` if it passed, `otherwise` if not (undefined:
 * refuse), with the quote less the slippage as the minimum.
 */
const simulatedSaleThenBuy = (
  how: 'eth_call' | 'estimateGas',
  token: string,
  amount: string,
  slippage: number,
  buyIfSellable: string,
  otherwise?: string,
) =>
  returns(
    `${ROUTER_ABI}
const held = await client.readContract({ address: ${json(token)}, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
const sale = { account: agentAddress, address: deployedContracts.router, abi: router, functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens', args: [held, 0n, [${json(token)}, deployedContracts.WBNB], agentAddress, timestamp + 1200n] };
let sellable = true;
try { ${how === 'eth_call' ? 'await client.simulateContract(sale);' : 'await client.estimateContractGas(sale);'} } catch { sellable = false; }
const target = sellable ? ${json(buyIfSellable)} : ${otherwise ? json(otherwise) : 'undefined'};
if (!target) return { refuse: 'the sale fails in simulation' };
const path = [deployedContracts.WBNB, target];
const quote = await client.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [parseEther(${json(amount)}), path] });
return { to: deployedContracts.router, value: parseEther(${json(amount)}), data: encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [quote[1] * ${BigInt(100 - slippage)}n / 100n, path, agentAddress, timestamp + 1200n] }) };`,
    VIEM,
  );

export const mutants: HardMutant[] = [
  {
    kind: 'trusted_simulation',
    mechanism: { fails: ['the wallet refused to buy a token it could not really sell', 'no transaction was sent'] },
    name: 'simulates the sale with eth_call at no fee (gas price 0), sees it pass and buys',
    script: ({ params }) => simulatedSaleThenBuy('eth_call', params.token, params.amount, params.slippage, params.token),
  },
  {
    kind: 'trusted_simulation',
    name: 'estimates the gas of the sale (no fee), gets an estimate and buys',
    script: ({ params }) => simulatedSaleThenBuy('estimateGas', params.token, params.amount, params.slippage, params.token),
  },
  {
    kind: 'wrong_function',
    name: 'tests the sale by selling the holding for real',
    script: ({ params }) => sellAll(params.token),
  },
];
