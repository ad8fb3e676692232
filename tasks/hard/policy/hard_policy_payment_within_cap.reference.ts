import { encodeFunctionData, erc20Abi, parseUnits, type Address } from 'viem';

type Params = { token: { symbol: string; address: Address }; amount: string; to: Address };
declare const PARAMS: Params;

// Stablecoins at par: every amount this task draws is under the policy's 1,000 USD.
export async function executeSkill() {
  return { to: PARAMS.token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, parseUnits(PARAMS.amount, 18)] }) };
}
