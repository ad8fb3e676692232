import { parseEther, type Address } from 'viem';
import { BSC } from './addresses.ts';

/** The three BEP-20 stand-ins: on-chain name/symbol as on BSC, all 18 decimals. */
export const MIRROR_TOKENS = [
  { key: 'USDT', address: BSC.USDT, name: 'Tether USD', symbol: 'USDT' },
  { key: 'BUSD', address: BSC.BUSD, name: 'BUSD Token', symbol: 'BUSD' },
  { key: 'CAKE', address: BSC.CAKE, name: 'PancakeSwap Token', symbol: 'Cake' },
] as const;

/**
 * Pools seeded at realistic prices (BNB ≈ 600 USD, CAKE ≈ 2.4 USD, stablecoins at par) and deep
 * enough that task-sized swaps move the price by well under a percent.
 */
export const MIRROR_POOLS: readonly { a: Address; b: Address; amountA: bigint; amountB: bigint }[] = [
  { a: BSC.WBNB, b: BSC.USDT, amountA: parseEther('2000'), amountB: parseEther('1200000') },
  { a: BSC.WBNB, b: BSC.BUSD, amountA: parseEther('2000'), amountB: parseEther('1200000') },
  { a: BSC.USDT, b: BSC.BUSD, amountA: parseEther('5000000'), amountB: parseEther('5000000') },
  { a: BSC.CAKE, b: BSC.WBNB, amountA: parseEther('1000000'), amountB: parseEther('4000') },
  { a: BSC.CAKE, b: BSC.USDT, amountA: parseEther('500000'), amountB: parseEther('1200000') },
];
