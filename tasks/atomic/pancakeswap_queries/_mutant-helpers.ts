// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';

const READ = `import { Contract, JsonRpcProvider, formatUnits, parseUnits } from 'ethers';
const PAIR_ABI = ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)', 'function token1() view returns (address)'];
const ROUTER_ABI = ['function getAmountsOut(uint256,address[]) view returns (uint256[])', 'function getAmountsIn(uint256,address[]) view returns (uint256[])'];
const ERC20_ABI = ['function balanceOf(address) view returns (uint256)', 'function decimals() view returns (uint8)'];`;

/**
 * body runs with `provider`, `pairAt(address)`, `router`, `decimalsOf(token)` and `units(token, whole)` (an amount
 * in the token's own decimals) in scope.
 */
export const read = (body: string) =>
  returns(
    `const provider = new JsonRpcProvider(providerUrl); const pairAt = (a: string) => new Contract(a, PAIR_ABI, provider); const router = new Contract(deployedContracts.router, ROUTER_ABI, provider);
const decimalsOf = async (t: string): Promise<bigint> => BigInt(await new Contract(t, ERC20_ABI, provider).getFunction('decimals')());
const units = async (t: string, whole: string) => parseUnits(whole, await decimalsOf(t));
${body}`,
    READ,
  );

/** `whole` of the token at `token` (a script expression), in its own decimals: a script expression. */
export const unitsOf = (token: string, whole: string) => `await units(${token}, ${json(whole)})`;

/**
 * The amount in the wrong decimals either way: 6 for a token of 18 (the mistake on BSC, where every token has 18),
 * 18 for one of 6 (BSC's habit for Base's USDC). A script expression.
 */
export const wrongDecimals = (token: string, whole: string) => `parseUnits(${json(whole)}, (await decimalsOf(${token})) === 18n ? 6 : 18)`;

/** Reserves of the swap's pool as [reserve of the input token, reserve of the output token]. */
export const inOut = (p: Record<string, any>) =>
  `const pair = pairAt(${json(p.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); const t0 = (await pair.getFunction('token0')()).toLowerCase();
const [rIn, rOut] = t0 === ${json(p.pair.sellAddress.toLowerCase())} ? [r0, r1] : [r1, r0];`;
