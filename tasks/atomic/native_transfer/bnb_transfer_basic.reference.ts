import { parseEther } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'bnb_transfer_basic'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string) {
  return { to: PARAMS.to, value: parseEther(PARAMS.amount) };
}
