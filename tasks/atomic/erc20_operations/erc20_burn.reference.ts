import { Interface, parseUnits } from 'ethers';

type Params = { token: string; amount: string };
declare const PARAMS: Params;

export async function executeSkill() {
  const qst = new Interface(['function burn(uint256 value)']);
  return { to: PARAMS.token, data: qst.encodeFunctionData('burn', [parseUnits(PARAMS.amount, 18)]) };
}
