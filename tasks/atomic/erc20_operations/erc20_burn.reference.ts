import { Interface, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_burn'>;

export async function executeSkill() {
  const qst = new Interface(['function burn(uint256 value)']);
  return { to: PARAMS.token, data: qst.encodeFunctionData('burn', [parseUnits(PARAMS.amount, 18)]) };
}
