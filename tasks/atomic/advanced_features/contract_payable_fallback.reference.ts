import { parseEther } from 'ethers';

type Params = { receiver: string; amount: string };
declare const PARAMS: Params;

export async function executeSkill() {
  return { to: PARAMS.receiver, value: parseEther(PARAMS.amount), data: '0x' };
}
