// The V2 router and pair (Uniswap V2 interface): ABI fragments, quotes, slippage floors and the router's
// deposit arithmetic. The swap fee is the chain's: PancakeSwap V2 on BSC keeps 0.25 % of each hop's input
// (9975/10000), Uniswap V2 on Base 0.3 % (997/1000): the chain profile's v2Fee, found from the chain id. Validators compose
// a decoding ABI from the fragments of exactly the functions they accept, since a call outside that set
// must keep failing to decode.
import { BASE, BSC, profileForChainId, type ChainProfile } from '../tasks/chain-profile.ts';
import { chainProfileOf } from './units.ts';
import {
  decodeFunctionData,
  isAddressEqual,
  parseAbi,
  toFunctionSelector,
  type AbiFunction,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { byRole, type EnvMap } from '../tasks/address-map.ts';
import type { CheckResult } from './types.ts';

export const GET_AMOUNTS_OUT = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);
export const GET_AMOUNTS_IN = parseAbi(['function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)']);
export const SWAP_EXACT_ETH_FOR_TOKENS = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);
export const SWAP_EXACT_TOKENS_FOR_ETH = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
export const SWAP_EXACT_TOKENS_FOR_TOKENS = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
export const SWAP_TOKENS_FOR_EXACT_TOKENS = parseAbi([
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
export const ADD_LIQUIDITY = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
]);
export const ADD_LIQUIDITY_ETH = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
]);
export const REMOVE_LIQUIDITY = parseAbi([
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
]);
export const REMOVE_LIQUIDITY_ETH = parseAbi([
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256 amountToken, uint256 amountETH)',
]);
export const PAIR = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function sync()',
]);

/** The selectors of an ABI fragment's functions. */
export const selectorsOf = (fragment: readonly AbiFunction[]): Hex[] => fragment.map((f) => toFunctionSelector(f));

/** A V2 swap fee as the fraction of a hop's input that trades: `num` / `den` (a chain profile's `v2Fee`). */
export type V2Fee = ChainProfile['v2Fee'];

/** PancakeSwap V2's 0.25 % (PancakeLibrary): 9975/10000 of the input trades. */
export const PANCAKE_V2_FEE: V2Fee = BSC.v2Fee;
/** Uniswap V2's 0.3 % (UniswapV2Library): 997/1000 of the input trades. */
export const UNISWAP_V2_FEE: V2Fee = BASE.v2Fee;

/** The V2 DEX fee by chain id: that chain profile's (profileForChainId). */
export const v2FeeFor = (chainId: number): V2Fee => profileForChainId(chainId).v2Fee;

/** The V2 DEX fee of the chain a client talks to (its eth_chainId). */
export async function v2Fee(chain: PublicClient): Promise<V2Fee> {
  return (await chainProfileOf(chain)).v2Fee;
}

/** getAmountOut of the V2 library: the output of one hop for `amountIn` at reserves (in, out), under `fee` (PancakeSwap's when omitted). */
export const v2AmountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint, fee: V2Fee = PANCAKE_V2_FEE): bigint =>
  (amountIn * fee.num * reserveOut) / (reserveIn * fee.den + amountIn * fee.num);

/** getAmountIn of the V2 library: the least input of one hop that yields `amountOut`, under `fee` (PancakeSwap's when omitted). */
export const v2AmountIn = (amountOut: bigint, reserveIn: bigint, reserveOut: bigint, fee: V2Fee = PANCAKE_V2_FEE): bigint =>
  (reserveIn * amountOut * fee.den) / ((reserveOut - amountOut) * fee.num) + 1n;

/**
 * PancakeLibrary.getAmountOut: the output of one hop for `amountIn` at reserves (in, out), 0.25 % fee,
 * whatever the chain. A quote that must hold on another chain takes that chain's fee: v2AmountOut(…, await v2Fee(chain)).
 */
export const pancakeAmountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint =>
  v2AmountOut(amountIn, reserveIn, reserveOut, PANCAKE_V2_FEE);

/** The router's output for `amountIn` along `path` (the last amount), at `blockNumber` when given. */
export async function quoteOut(
  chain: PublicClient,
  router: Address,
  amountIn: bigint,
  path: readonly Address[],
  blockNumber?: bigint,
): Promise<bigint> {
  const out = await chain.readContract({
    address: router,
    abi: GET_AMOUNTS_OUT,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
    blockNumber,
  });
  return out[out.length - 1]!;
}

/** The input the router charges for exactly `amountOut` along `path`. */
export async function quoteIn(chain: PublicClient, router: Address, amountOut: bigint, path: readonly Address[]): Promise<bigint> {
  return (await chain.readContract({ address: router, abi: GET_AMOUNTS_IN, functionName: 'getAmountsIn', args: [amountOut, path] }))[0]!;
}

/** Best router quote at a block over the direct path and the one-hop paths through the base tokens. */
export async function bestQuote(
  chain: PublicClient,
  env: EnvMap,
  amountIn: bigint,
  tokenIn: Address,
  tokenOut: Address,
  blockNumber: bigint,
): Promise<bigint> {
  const hubs = [byRole(env, 'wrappedNative'), byRole(env, 'usdStable'), env.BUSD].filter(
    (h) => !isAddressEqual(h, tokenIn) && !isAddressEqual(h, tokenOut),
  );
  let best = 0n;
  for (const path of [[tokenIn, tokenOut], ...hubs.map((h) => [tokenIn, h, tokenOut])]) {
    try {
      const out = await quoteOut(chain, byRole(env, 'v2Router'), amountIn, path, blockNumber);
      if (out > best) best = out;
    } catch {
      // no pool on that path
    }
  }
  return best;
}

/** `amount` less `slippage` percent, rounded down: the floor a slippage limit sets. */
export const slippageFloor = (amount: bigint, slippage: number): bigint => (amount * BigInt(100 - slippage)) / 100n;

/** A floor less 0.5 %: the grace for scripts that round the percentage differently. */
export const withGrace = (floor: bigint): bigint => floor - floor / 200n;

/** amountOutMin against the slippage floor under the pre-trade quote (grace allowed; the floor shown is the exact one). */
export function minOutVsQuote(min: bigint, quote: bigint, slippage: number): CheckResult {
  const floor = slippageFloor(quote, slippage);
  return { pass: min > 0n && min >= withGrace(floor), detail: `amountOutMin ${min}, slippage floor ${floor}` };
}

/** amountOutMin against the slippage floor under what the swap actually returned (the floor shown includes the grace). */
export function minOutVsReturn(min: bigint, got: bigint, slippage: number): CheckResult {
  const floor = withGrace(slippageFloor(got, slippage));
  return { pass: min > 0n && min >= floor, detail: `amountOutMin ${min}, floor ${floor}` };
}

/** The router surface the exact-input checks decode: getAmountsOut and both exact-input token swaps. */
const EXACT_INPUT = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

/** amountOutMin of an exact-input token swap's calldata, or undefined when it does not decode as one. */
export function exactInputMinOut(data: Hex): bigint | undefined {
  try {
    return decodeFunctionData({ abi: EXACT_INPUT, data }).args[1] as bigint;
  } catch {
    return undefined;
  }
}

/** Maps each of an add/remove call's two tokens to its minimum (undefined for any other token). */
export function minimumsByToken(tokenA: Address, tokenB: Address, minA: bigint, minB: bigint): (token: Address) => bigint | undefined {
  return (token) => (isAddressEqual(tokenA, token) ? minA : isAddressEqual(tokenB, token) ? minB : undefined);
}

/**
 * What addLiquidity deposits for the desired amounts at reserves (reserveA, reserveB): all of one
 * side and the matching amount of the other, picked the way the router does.
 */
export function routerDeposit(wantA: bigint, wantB: bigint, reserveA: bigint, reserveB: bigint): [bigint, bigint] {
  const bOptimal = (wantA * reserveB) / reserveA;
  return bOptimal <= wantB ? [wantA, bOptimal] : [(wantB * reserveA) / reserveB, wantB];
}

/** LP a pair mints for a deposit of `a` and `b` at its reserves and LP supply. */
export function lpMinted(a: bigint, b: bigint, reserveA: bigint, reserveB: bigint, supply: bigint): bigint {
  const x = (a * supply) / reserveA;
  const y = (b * supply) / reserveB;
  return x < y ? x : y;
}

/** A pair's reserves ordered as (`first`, the other token) and its LP supply. */
export async function orderedReserves(
  chain: PublicClient,
  pair: Address,
  first: Address,
): Promise<{ reserves: [bigint, bigint]; supply: bigint }> {
  const [token0, [r0, r1], supply] = await Promise.all([
    chain.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
    chain.readContract({ address: pair, abi: PAIR, functionName: 'getReserves' }),
    chain.readContract({ address: pair, abi: PAIR, functionName: 'totalSupply' }),
  ]);
  return { reserves: isAddressEqual(token0, first) ? [r0, r1] : [r1, r0], supply };
}
