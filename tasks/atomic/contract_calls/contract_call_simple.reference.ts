import { Interface } from 'ethers';

type Params = { counter: string };
declare const PARAMS: Params;

export async function executeSkill() {
  return { to: PARAMS.counter, data: new Interface(['function increment()']).encodeFunctionData('increment', []) };
}
