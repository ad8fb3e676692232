// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';
import { defined } from '../../../src/validators/defined.ts';

// A script that reads a quote and builds a router call, the way a plausible but wrong answer would.
const QUOTING = `import { Contract, Interface, JsonRpcProvider, parseUnits } from 'ethers';
const ROUTER_ABI = [
  'function getAmountsOut(uint256,address[]) view returns (uint256[])',
  'function getAmountsIn(uint256,address[]) view returns (uint256[])',
  'function swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  'function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
];
const TOKEN_ABI = ['function decimals() view returns (uint8)', 'function balanceOf(address) view returns (uint256)'];
const FACTORY_ABI = ['function getPair(address,address) view returns (address)'];
const PAIR_ABI = ['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'];`;

// What the body may call besides the router: a token's amounts in its own decimals, and quotes worked out by
// hand from the reserves with PancakeSwap's 0.25 % fee (right on BSC; Base's Uniswap V2 charges 0.3 %).
const HELPERS = `const provider = new JsonRpcProvider(providerUrl);
const router = new Contract(deployedContracts.router, ROUTER_ABI, provider); const D = 4000000000n;
const decimalsOf = async (t: string): Promise<bigint> => BigInt(await new Contract(t, TOKEN_ABI, provider).getFunction('decimals')());
const units = async (t: string, whole: string) => parseUnits(whole, await decimalsOf(t));
const balance = async (t: string): Promise<bigint> => new Contract(t, TOKEN_ABI, provider).getFunction('balanceOf')(agentAddress);
const reserves = async (a: string, b: string): Promise<[bigint, bigint]> => {
  const pair = new Contract(await new Contract(deployedContracts.factory, FACTORY_ABI, provider).getFunction('getPair')(a, b), PAIR_ABI, provider);
  const [r0, r1] = await pair.getFunction('getReserves')();
  return String(await pair.getFunction('token0')()).toLowerCase() === a.toLowerCase() ? [r0, r1] : [r1, r0];
};
const pancakeOut = async (amountIn: bigint, path: string[]) => {
  let x = amountIn;
  for (let i = 0; i + 1 < path.length; i++) { const [rIn, rOut] = await reserves(path[i]!, path[i + 1]!); x = (x * 9975n * rOut) / (rIn * 10000n + x * 9975n); }
  return x;
};
const pancakeIn = async (amountOut: bigint, path: string[]) => {
  let x = amountOut;
  for (let i = path.length - 1; i > 0; i--) { const [rIn, rOut] = await reserves(path[i - 1]!, path[i]!); x = (rIn * x * 10000n) / ((rOut - x) * 9975n) + 1n; }
  return x;
};`;

/**
 * body runs with `router` (a Contract on the read-only provider), `D` (a far deadline), `units(token, whole)`
 * (an amount in the token's own decimals), `decimalsOf(token)`, `balance(token)` (the agent's), and
 * `pancakeOut(amountIn, path)` / `pancakeIn(amountOut, path)` (by hand at PancakeSwap's 0.25 %) in scope.
 */
export const quoting = (body: string) => returns(`${HELPERS}\n${body}`, QUOTING);

export const enc = (fn: string, args: string) =>
  `return { to: deployedContracts.router, data: router.interface.encodeFunctionData(${json(fn)}, [${args}]) };`;

/** `whole` of the token at `token` (a script expression), in its own decimals: a script expression. */
export const unitsOf = (token: string, whole: string) => `await units(${token}, ${json(whole)})`;

/**
 * The amount in the wrong decimals either way: 6 for a token of 18 (the mistake on BSC, where every token has 18),
 * 18 for one of 6 (BSC's habit for Base's USDC). A script expression.
 */
export const wrongDecimals = (token: string, whole: string) => `parseUnits(${json(whole)}, (await decimalsOf(${token})) === 18n ? 6 : 18)`;

/** Exact-input swap whose amountOutMin is 99 % of the live quote for its own path. */
export const exactIn = (fn: string, amountIn: string, path: string, to: string) =>
  quoting(
    `const inAmt = ${amountIn}; const path = ${path}; const q = await router.getAmountsOut(inAmt, path); ${enc(fn, `inAmt, q[q.length - 1] * 99n / 100n, path, ${to}, D`)}`,
  );

/**
 * Exact-input swap whose amountOutMin is the output worked out by hand with PancakeSwap's 0.25 % fee, no margin:
 * exactly what the swap pays on BSC, more than Uniswap V2's 0.3 % pays on Base (the swap reverts there).
 */
export const exactInAtPancakeFee = (fn: string, amountIn: string, path: string) =>
  quoting(
    `const inAmt = ${amountIn}; const path = ${path}; const min = await pancakeOut(inAmt, path); ${enc(fn, `inAmt, min, path, agentAddress, D`)}`,
  );

/** A token other than both sides of the pair, and a path from it to the output (direct where a pool exists). */
const POOLS = new Set(['USDT/BUSD', 'BUSD/USDT', 'USDT/CAKE', 'CAKE/USDT']);

export function wrongInput(sell: string, buy: string): string {
  const other = defined(
    ['USDT', 'BUSD', 'CAKE'].find((t) => t !== sell && t !== buy),
    'a token on neither side',
  );
  const hops = buy === 'WBNB' || POOLS.has(`${other}/${buy}`) ? [other, buy] : [other, 'WBNB', buy];
  return `[${hops.map((t) => `deployedContracts.${t}`).join(', ')}]`;
}
