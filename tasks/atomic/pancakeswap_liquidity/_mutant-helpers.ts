// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';

const LIQ = `import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
const ROUTER_ABI = [
  'function addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)',
  'function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable',
  'function removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)',
  'function removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
];
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)', 'function decimals() view returns (uint8)'];`;

/**
 * body runs with `router`, `provider`, `lpOf(pair)` (the agent's LP balance), `dec(token)` (a token's decimals, read
 * from it: 18 for every token on BSC, 6 for Base's USDC) and `D` (a far deadline) in scope.
 */
export const liq = (body: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl); const router = new Contract(deployedContracts.router, ROUTER_ABI, provider); const D = 4000000000n;
const lpOf = (pair: string): Promise<bigint> => new Contract(pair, ERC20_ABI, provider).getFunction('balanceOf')(agentAddress);
const dec = async (token: string): Promise<number> => Number(await new Contract(token, ERC20_ABI, provider).getFunction('decimals')());
${body}`,
    LIQ,
  );

export const enc = (fn: string, args: string, value = '') =>
  `return { to: deployedContracts.router, data: router.interface.encodeFunctionData(${json(fn)}, [${args}])${value ? `, value: ${value}` : ''} };`;
