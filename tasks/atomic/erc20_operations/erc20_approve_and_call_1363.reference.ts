import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem';

type Params = { token: Address; spender: Address; amount: string };
declare const PARAMS: Params;

const QST = parseAbi(['function approveAndCall(address spender, uint256 value, bytes data) returns (bool)']);

export async function executeSkill() {
  const data = encodeFunctionData({ abi: QST, functionName: 'approveAndCall', args: [PARAMS.spender, parseUnits(PARAMS.amount, 18), '0x'] });
  return { to: PARAMS.token, data };
}
