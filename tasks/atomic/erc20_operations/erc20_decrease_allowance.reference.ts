import { encodeFunctionData, parseAbi, parseUnits } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_decrease_allowance'>;

const TOKEN = parseAbi(['function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)']);

export async function executeSkill() {
  const data = encodeFunctionData({ abi: TOKEN, functionName: 'decreaseAllowance', args: [PARAMS.spender, parseUnits(PARAMS.amount, 18)] });
  return { to: PARAMS.token.address, data };
}
