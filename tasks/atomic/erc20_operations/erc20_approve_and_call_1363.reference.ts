import { encodeFunctionData, parseAbi, parseUnits } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_approve_and_call_1363'>;

const QST = parseAbi(['function approveAndCall(address spender, uint256 value, bytes data) returns (bool)']);

export async function executeSkill() {
  const data = encodeFunctionData({
    abi: QST,
    functionName: 'approveAndCall',
    args: [PARAMS.spender, parseUnits(PARAMS.amount, 18), '0x'],
  });
  return { to: PARAMS.token, data };
}
