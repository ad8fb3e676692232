import { Interface } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'contract_call_simple'>;

export async function executeSkill() {
  return { to: PARAMS.counter, data: new Interface(['function increment()']).encodeFunctionData('increment', []) };
}
