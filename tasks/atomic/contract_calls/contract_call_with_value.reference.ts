import { Interface, parseEther } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'contract_call_with_value'>;

export async function executeSkill() {
  const box = new Interface(['function donate() payable']);
  return { to: PARAMS.box, data: box.encodeFunctionData('donate', []), value: parseEther(PARAMS.amount) };
}
