import { parseEther, stringToHex } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'bnb_transfer_with_message'>;

export async function executeSkill(_providerUrl: string, _agentAddress: string) {
  // stringToHex encodes the text as UTF-8 bytes.
  return { to: PARAMS.to, value: parseEther(PARAMS.amount), data: stringToHex(PARAMS.message) };
}
