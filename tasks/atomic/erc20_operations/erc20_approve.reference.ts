import { Interface, parseUnits } from 'ethers';

type Params = { token: { symbol: string; address: string }; amount: string; spender: string };
declare const PARAMS: Params;

export async function executeSkill() {
  const erc20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)']);
  return { to: PARAMS.token.address, data: erc20.encodeFunctionData('approve', [PARAMS.spender, parseUnits(PARAMS.amount, 18)]) };
}
