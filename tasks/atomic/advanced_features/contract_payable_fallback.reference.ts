import { parseEther } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'contract_payable_fallback'>;

export async function executeSkill() {
  return { to: PARAMS.receiver, value: parseEther(PARAMS.amount), data: '0x' };
}
