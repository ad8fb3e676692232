import { encodeFunctionData, parseAbi, parseUnits, type Address } from 'viem';

type Params = { token: { symbol: string; address: Address }; amount: string; spender: Address };
declare const PARAMS: Params;

const TOKEN = parseAbi(['function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)']);

export async function executeSkill() {
  const data = encodeFunctionData({ abi: TOKEN, functionName: 'decreaseAllowance', args: [PARAMS.spender, parseUnits(PARAMS.amount, 18)] });
  return { to: PARAMS.token.address, data };
}
