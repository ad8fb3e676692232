import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_transfer_fixed'>;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const token = new Contract(
    PARAMS.token.address,
    ['function decimals() view returns (uint8)', 'function transfer(address,uint256) returns (bool)'],
    provider,
  );
  const decimals: bigint = await token.getFunction('decimals')();
  const data = token.interface.encodeFunctionData('transfer', [PARAMS.to, parseUnits(PARAMS.amount, decimals)]);
  return { to: PARAMS.token.address, data };
}
