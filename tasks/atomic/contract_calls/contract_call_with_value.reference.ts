import { Interface, parseEther } from 'ethers';

type Params = { box: string; amount: string };
declare const PARAMS: Params;

export async function executeSkill() {
  const box = new Interface(['function donate() payable']);
  return { to: PARAMS.box, data: box.encodeFunctionData('donate', []), value: parseEther(PARAMS.amount) };
}
