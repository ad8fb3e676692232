import { encodeFunctionData, parseAbi, parseEther } from 'viem';

type Params = { jar: `0x${string}`; amount: string; note: string };
declare const PARAMS: Params;

export async function executeSkill() {
  const data = encodeFunctionData({ abi: parseAbi(['function tip(string note) payable']), functionName: 'tip', args: [PARAMS.note] });
  return { to: PARAMS.jar, data, value: parseEther(PARAMS.amount) };
}
