import { Interface, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_increase_allowance'>;

export async function executeSkill() {
  const token = new Interface(['function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);
  return { to: PARAMS.token.address, data: token.encodeFunctionData('increaseAllowance', [PARAMS.spender, parseUnits(PARAMS.amount, 18)]) };
}
