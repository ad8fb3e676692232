import { Interface, parseUnits } from 'ethers';

type Params = { token: { symbol: string; address: string }; amount: string; spender: string };
declare const PARAMS: Params;

export async function executeSkill() {
  const token = new Interface(['function increaseAllowance(address spender, uint256 addedValue) returns (bool)']);
  return { to: PARAMS.token.address, data: token.encodeFunctionData('increaseAllowance', [PARAMS.spender, parseUnits(PARAMS.amount, 18)]) };
}
