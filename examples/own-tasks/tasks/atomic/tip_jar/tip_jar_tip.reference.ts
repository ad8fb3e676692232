import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'tip_jar_tip'>;

export async function executeSkill() {
  const data = encodeFunctionData({ abi: parseAbi(['function tip(string note) payable']), functionName: 'tip', args: [PARAMS.note] });
  return { to: PARAMS.jar, data, value: parseEther(PARAMS.amount) };
}
