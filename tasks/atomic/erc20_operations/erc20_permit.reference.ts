import { encodeFunctionData, parseAbi, parseSignature, parseUnits, type Address, type Hex } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_permit'> & { owner: Address; deadline: string; signature: Hex };

const QST = parseAbi(['function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)']);

export async function executeSkill() {
  const { r, s, yParity } = parseSignature(PARAMS.signature);
  const data = encodeFunctionData({
    abi: QST,
    functionName: 'permit',
    args: [PARAMS.owner, PARAMS.spender, parseUnits(PARAMS.value, 18), BigInt(PARAMS.deadline), 27 + yParity, r, s],
  });
  return { to: PARAMS.token, data };
}
