import { Contract, JsonRpcProvider } from 'ethers';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'query_token_total_supply'>;

export async function executeSkill(providerUrl: string) {
  const token = new Contract(PARAMS.token.address, ['function totalSupply() view returns (uint256)'], new JsonRpcProvider(providerUrl));
  const supply: bigint = await token.getFunction('totalSupply')();
  return { answer: supply.toString() };
}
