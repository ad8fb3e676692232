import { Interface, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_approve'>;

export async function executeSkill() {
  const erc20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: PARAMS.token.address, data: erc20.encodeFunctionData('approve', [PARAMS.spender, parseUnits(PARAMS.amount, 18)]) };
}
