// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.

export const ERC20 = `import { Contract, JsonRpcProvider, formatUnits } from 'ethers';
const abi = ['function name() view returns (string)', 'function symbol() view returns (string)', 'function decimals() view returns (uint8)', 'function totalSupply() view returns (uint256)', 'function balanceOf(address) view returns (uint256)'];
async function meta(address: string, providerUrl: string) {
  const t = new Contract(address, abi, new JsonRpcProvider(providerUrl));
  const [name, symbol, decimals, supply] = await Promise.all([t.getFunction('name')(), t.getFunction('symbol')(), t.getFunction('decimals')(), t.getFunction('totalSupply')()]);
  return { t, name: name as string, symbol: symbol as string, decimals: Number(decimals), supply: supply as bigint };
}`;
