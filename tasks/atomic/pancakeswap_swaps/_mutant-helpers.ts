// What the wrong answers of this folder's tasks share; each task's own are in <id>.mutants.ts beside it.
import { json, returns } from '../../../src/tasks/mutants.ts';
import { defined } from '../../../src/validators/defined.ts';

// A script that reads a quote and builds a router call, the way a plausible but wrong answer would.
const QUOTING = `import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
const ROUTER_ABI = [
  'function getAmountsOut(uint256,address[]) view returns (uint256[])',
  'function getAmountsIn(uint256,address[]) view returns (uint256[])',
  'function swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  'function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  'function swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
];`;

/** body runs with `router` (a Contract on the read-only provider) and `D` (a far deadline) in scope. */
export const quoting = (body: string) =>
  returns(
    `const router = new Contract(deployedContracts.router, ROUTER_ABI, new JsonRpcProvider(providerUrl)); const D = 4000000000n;\n${body}`,
    QUOTING,
  );

export const enc = (fn: string, args: string) =>
  `return { to: deployedContracts.router, data: router.interface.encodeFunctionData(${json(fn)}, [${args}]) };`;

/** Exact-input swap whose amountOutMin is 99 % of the live quote for its own path. */
export const exactIn = (fn: string, amountIn: string, path: string, to: string) =>
  quoting(
    `const inAmt = ${amountIn}; const path = ${path}; const q = await router.getAmountsOut(inAmt, path); ${enc(fn, `inAmt, q[q.length - 1] * 99n / 100n, path, ${to}, D`)}`,
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
