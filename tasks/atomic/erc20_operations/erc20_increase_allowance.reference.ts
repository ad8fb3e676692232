import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_increase_allowance'>;

export async function executeSkill(providerUrl: string) {
  const token = new Contract(
    PARAMS.token.address,
    ['function decimals() view returns (uint8)', 'function increaseAllowance(address spender, uint256 addedValue) returns (bool)'],
    new JsonRpcProvider(providerUrl),
  );
  // The amount in the token's own decimals (18 on BSC; USDC on Base has 6).
  const decimals: bigint = await token.getFunction('decimals')();
  return {
    to: PARAMS.token.address,
    data: token.interface.encodeFunctionData('increaseAllowance', [PARAMS.spender, parseUnits(PARAMS.amount, decimals)]),
  };
}
