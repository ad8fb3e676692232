import { Contract, JsonRpcProvider, parseUnits } from 'ethers';

type Params = { token: { symbol: string; address: string }; amount: string; to: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const provider = new JsonRpcProvider(providerUrl);
  const token = new Contract(PARAMS.token.address, ['function decimals() view returns (uint8)', 'function transfer(address,uint256) returns (bool)'], provider);
  const decimals: bigint = await token.getFunction("decimals")();
  const data = token.interface.encodeFunctionData('transfer', [PARAMS.to, parseUnits(PARAMS.amount, decimals)]);
  return { to: PARAMS.token.address, data };
}
