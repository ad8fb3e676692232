import { parseEther, stringToHex, type Address } from 'viem';

type Params = { to: Address; amount: string; message: string };
declare const PARAMS: Params;

export async function executeSkill(_providerUrl: string, _agentAddress: string) {
  // stringToHex encodes the text as UTF-8 bytes.
  return { to: PARAMS.to, value: parseEther(PARAMS.amount), data: stringToHex(PARAMS.message) };
}
