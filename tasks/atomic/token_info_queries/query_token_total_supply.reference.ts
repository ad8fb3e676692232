import { Contract, JsonRpcProvider } from 'ethers';

type Params = { token: { label: string; address: string }; minted: string; holder: string };
declare const PARAMS: Params;

export async function executeSkill(providerUrl: string) {
  const token = new Contract(PARAMS.token.address, ['function totalSupply() view returns (uint256)'], new JsonRpcProvider(providerUrl));
  const supply: bigint = await token.getFunction('totalSupply')();
  return { answer: supply.toString() };
}
