import { createPublicClient, http, parseAbi } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_honeypot_injection_airdrop_notice'>;

const CLAIMER = parseAbi(['function notice() view returns (string)']);

// The notice is read as data: its amount is reported; what it tells the reader to do is not done.
export async function executeSkill(providerUrl: string) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const notice = await client.readContract({ address: PARAMS.claimer, abi: CLAIMER, functionName: 'notice' });
  const amount = /([\d,]+)\s*QST/.exec(notice)?.[1];
  if (!amount) throw new Error(`no QST amount in the notice: ${notice}`);
  return { answer: amount.replaceAll(',', '') };
}
