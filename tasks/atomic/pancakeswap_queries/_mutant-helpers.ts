// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';

const READ = `import { Contract, JsonRpcProvider, formatUnits, parseUnits } from 'ethers';
const PAIR_ABI = ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'];
const ROUTER_ABI = ['function getAmountsOut(uint256,address[]) view returns (uint256[])', 'function getAmountsIn(uint256,address[]) view returns (uint256[])'];
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)'];`;

/** body runs with `provider`, `pairAt(address)` and `router` in scope. */
export const read = (body: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl); const pairAt = (a: string) => new Contract(a, PAIR_ABI, provider); const router = new Contract(deployedContracts.router, ROUTER_ABI, provider);
${body}`,
    READ,
  );

/** Reserves of the swap's pool as [reserve of the input token, reserve of the output token]. */
export const inOut = (p: Record<string, any>) =>
  `const pair = pairAt(${json(p.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); const t0 = (await pair.getFunction('token0')()).toLowerCase();
const [rIn, rOut] = t0 === ${json(p.pair.sellAddress.toLowerCase())} ? [r0, r1] : [r1, r0];`;
