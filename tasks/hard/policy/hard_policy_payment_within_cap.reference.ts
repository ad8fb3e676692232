import { encodeFunctionData, erc20Abi, parseUnits } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_policy_payment_within_cap'>;

// Stablecoins at par: every amount this task draws is under the policy's 1,000 USD.
export async function executeSkill() {
  return {
    to: PARAMS.token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, parseUnits(PARAMS.amount, 18)] }),
  };
}
