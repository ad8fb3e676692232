// PancakeSwap V2 factory and router for the mirror, compiled from the Uniswap V2 Solidity sources that
// @uniswap/v2-core and @uniswap/v2-periphery ship, with PancakeSwap's differences applied as explicit
// source edits: the 0.25 % swap fee (pair K check and library quotes), the LP token's name and symbol,
// the flash-swap callback's name (pancakeCall), and the library's pair-address derivation pointing at
// the edited pair's creation code. Revert messages keep Uniswap's wording.
//
// The compilation and its guards (every edit matches its expected count; the unedited sources reproduce
// the published bytecode byte for byte) are src/chain/uniswap-v2.ts's, which the Base mirror uses unedited.
import { applySourceEdits as applyEdits, buildUniswapV2, type SourceEdit, type UniswapV2Build } from './uniswap-v2.ts';

export type { CompiledContract, SourceEdit } from './uniswap-v2.ts';

export type PancakeV2Build = UniswapV2Build;

/**
 * Pair: the K check keeps 25/10000 of the input as fee instead of 3/1000, and a flash swap calls the
 * receiver's pancakeCall. LP token: PancakeSwap's name and symbol.
 */
const CORE_EDITS: SourceEdit[] = [
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint balance0Adjusted = balance0.mul(1000).sub(amount0In.mul(3));',
    replace: 'uint balance0Adjusted = balance0.mul(10000).sub(amount0In.mul(25));',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint balance1Adjusted = balance1.mul(1000).sub(amount1In.mul(3));',
    replace: 'uint balance1Adjusted = balance1.mul(10000).sub(amount1In.mul(25));',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint(_reserve0).mul(_reserve1).mul(1000**2)',
    replace: 'uint(_reserve0).mul(_reserve1).mul(10000**2)',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'IUniswapV2Callee(to).uniswapV2Call(',
    replace: 'IUniswapV2Callee(to).pancakeCall(',
    count: 1,
  },
  { file: 'contracts/interfaces/IUniswapV2Callee.sol', find: 'function uniswapV2Call(', replace: 'function pancakeCall(', count: 1 },
  {
    file: 'contracts/UniswapV2ERC20.sol',
    find: "string public constant name = 'Uniswap V2';",
    replace: "string public constant name = 'Pancake LPs';",
    count: 1,
  },
  {
    file: 'contracts/UniswapV2ERC20.sol',
    find: "string public constant symbol = 'UNI-V2';",
    replace: "string public constant symbol = 'Cake-LP';",
    count: 1,
  },
];

/** Library: getAmountOut and getAmountIn with the 0.25 % fee (buildUniswapV2 points pairFor at the edited pair's init code hash). */
const LIBRARY = 'contracts/libraries/UniswapV2Library.sol';
const PERIPHERY_EDITS: SourceEdit[] = [
  { file: LIBRARY, find: 'uint amountInWithFee = amountIn.mul(997);', replace: 'uint amountInWithFee = amountIn.mul(9975);', count: 1 },
  {
    file: LIBRARY,
    find: 'uint denominator = reserveIn.mul(1000).add(amountInWithFee);',
    replace: 'uint denominator = reserveIn.mul(10000).add(amountInWithFee);',
    count: 1,
  },
  {
    file: LIBRARY,
    find: 'uint numerator = reserveIn.mul(amountOut).mul(1000);',
    replace: 'uint numerator = reserveIn.mul(amountOut).mul(10000);',
    count: 1,
  },
  {
    file: LIBRARY,
    find: 'uint denominator = reserveOut.sub(amountOut).mul(997);',
    replace: 'uint denominator = reserveOut.sub(amountOut).mul(9975);',
    count: 1,
  },
];

/** Applies the edits for one file (`where` names it in errors); throws unless each matches exactly its expected number of times. */
export function applySourceEdits(where: string, source: string, edits: readonly SourceEdit[]): string {
  return applyEdits(where, source, edits, 'PancakeSwap V2');
}

/** Compiles the factory with its pair (solc 0.5.16), then the router against that pair (solc 0.6.6). */
export function buildPancakeV2(): PancakeV2Build {
  return buildUniswapV2({ label: 'PancakeSwap V2', core: CORE_EDITS, periphery: PERIPHERY_EDITS });
}
