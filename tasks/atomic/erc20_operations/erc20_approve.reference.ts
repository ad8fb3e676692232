import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_approve'>;

export async function executeSkill(providerUrl: string) {
  const token = new Contract(
    PARAMS.token.address,
    ['function decimals() view returns (uint8)', 'function approve(address spender, uint256 amount) returns (bool)'],
    new JsonRpcProvider(providerUrl),
  );
  // The amount in the token's own decimals (18 on BSC; USDC on Base has 6).
  const decimals: bigint = await token.getFunction('decimals')();
  return {
    to: PARAMS.token.address,
    data: token.interface.encodeFunctionData('approve', [PARAMS.spender, parseUnits(PARAMS.amount, decimals)]),
  };
}
