import { Interface, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_transfer_with_callback_1363'>;

export async function executeSkill() {
  // Both ERC-1363 overloads exist; the two-argument one needs an explicit signature in ethers.
  const qst = new Interface([
    'function transferAndCall(address to, uint256 value) returns (bool)',
    'function transferAndCall(address to, uint256 value, bytes data) returns (bool)',
  ]);
  const data = qst.encodeFunctionData('transferAndCall(address,uint256)', [PARAMS.to, parseUnits(PARAMS.amount, 18)]);
  return { to: PARAMS.token, data };
}
