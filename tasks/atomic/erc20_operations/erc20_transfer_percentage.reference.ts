import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'erc20_transfer_percentage'>;

export async function executeSkill(providerUrl: string, agentAddress: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const token = new Contract(
    PARAMS.token.address,
    ['function balanceOf(address) view returns (uint256)', 'function transfer(address,uint256) returns (bool)'],
    provider,
  );
  const balance: bigint = await token.getFunction('balanceOf')(agentAddress);
  // Integer arithmetic on base units: no float rounding.
  const amount = (balance * BigInt(PARAMS.percent)) / 100n;
  return { to: PARAMS.token.address, data: token.interface.encodeFunctionData('transfer', [PARAMS.to, amount]) };
}
