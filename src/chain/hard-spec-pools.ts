// The hard chain's PancakeSwap pools: V2 reserves of the new tokens, and V3 pools at several fee tiers.
import type { V3Fee } from './pancake-v3.ts';

/** PancakeSwap V2 pools of the new tokens: whole-token reserves at the USD prices above, deliberately uneven in depth. */
export const HARD_V2_POOLS: readonly { a: string; b: string; amountA: string; amountB: string }[] = [
  { a: 'USDCet', b: 'WBNB', amountA: '180000', amountB: '300' },
  { a: 'USDCet', b: 'USDT', amountA: '420000', amountB: '420000' },
  { a: 'WBTC', b: 'WBNB', amountA: '12', amountB: '1900' },
  { a: 'WBTC', b: 'USDT', amountA: '3', amountB: '285000' },
  { a: 'FLOKI', b: 'WBNB', amountA: '2400000000', amountB: '600' },
  { a: 'YLD', b: 'WBNB', amountA: '480000', amountB: '400' },
  { a: 'SFS', b: 'WBNB', amountA: '1800000', amountB: '300' },
  { a: 'ORB', b: 'WBNB', amountA: '96000', amountB: '200' },
  { a: 'USDTe', b: 'USDT', amountA: '150000', amountB: '150000' },
  { a: 'MOONR', b: 'WBNB', amountA: '75000000', amountB: '50' },
  { a: 'CLAIM', b: 'WBNB', amountA: '3000000', amountB: '5' },
  { a: 'USDT_LOOKALIKE', b: 'WBNB', amountA: '300', amountB: '0.5' },
];

/** One liquidity position: a price range as multiples of the pool's starting price, and its USD value. */
export interface V3PositionSpec {
  low: number;
  high: number;
  usd: number;
}

export interface V3PoolSpec {
  a: string;
  b: string;
  fee: V3Fee;
  positions: readonly V3PositionSpec[];
}

/**
 * PancakeSwap V3 pools, every one at the V2 price. Depth is uneven on purpose: the deepest tier is 500 for
 * WBNB/USDT and WBTC/WBNB, 2500 for WBNB/BUSD, CAKE/WBNB and CAKE/USDT, 100 for the stable pairs and 10000
 * for FLOKI. There is no 3000 tier (PancakeSwap V3 has none).
 */
export const HARD_V3_POOLS: readonly V3PoolSpec[] = [
  { a: 'WBNB', b: 'USDT', fee: 100, positions: [{ low: 0.98, high: 1.02, usd: 60_000 }] },
  {
    a: 'WBNB',
    b: 'USDT',
    fee: 500,
    positions: [
      { low: 0.5, high: 2, usd: 3_000_000 },
      { low: 0.9, high: 1.11, usd: 2_500_000 },
      { low: 0.98, high: 1.02, usd: 1_000_000 },
    ],
  },
  {
    a: 'WBNB',
    b: 'USDT',
    fee: 2500,
    positions: [
      { low: 0.5, high: 2, usd: 1_000_000 },
      { low: 0.85, high: 1.18, usd: 400_000 },
    ],
  },
  { a: 'WBNB', b: 'USDT', fee: 10000, positions: [{ low: 0.25, high: 4, usd: 150_000 }] },
  { a: 'WBNB', b: 'BUSD', fee: 500, positions: [{ low: 0.8, high: 1.25, usd: 300_000 }] },
  {
    a: 'WBNB',
    b: 'BUSD',
    fee: 2500,
    positions: [
      { low: 0.5, high: 2, usd: 1_200_000 },
      { low: 0.9, high: 1.11, usd: 800_000 },
    ],
  },
  {
    a: 'USDT',
    b: 'BUSD',
    fee: 100,
    positions: [
      { low: 0.995, high: 1.005, usd: 4_000_000 },
      { low: 0.98, high: 1.02, usd: 1_000_000 },
    ],
  },
  { a: 'USDT', b: 'BUSD', fee: 500, positions: [{ low: 0.95, high: 1.05, usd: 200_000 }] },
  { a: 'CAKE', b: 'WBNB', fee: 500, positions: [{ low: 0.9, high: 1.11, usd: 150_000 }] },
  {
    a: 'CAKE',
    b: 'WBNB',
    fee: 2500,
    positions: [
      { low: 0.5, high: 2, usd: 800_000 },
      { low: 0.85, high: 1.18, usd: 500_000 },
    ],
  },
  { a: 'CAKE', b: 'WBNB', fee: 10000, positions: [{ low: 0.2, high: 5, usd: 80_000 }] },
  { a: 'CAKE', b: 'USDT', fee: 500, positions: [{ low: 0.8, high: 1.25, usd: 60_000 }] },
  { a: 'CAKE', b: 'USDT', fee: 2500, positions: [{ low: 0.6, high: 1.6, usd: 500_000 }] },
  {
    a: 'WBTC',
    b: 'WBNB',
    fee: 500,
    positions: [
      { low: 0.8, high: 1.25, usd: 1_500_000 },
      { low: 0.95, high: 1.05, usd: 700_000 },
    ],
  },
  { a: 'WBTC', b: 'WBNB', fee: 2500, positions: [{ low: 0.5, high: 2, usd: 300_000 }] },
  { a: 'WBTC', b: 'USDT', fee: 500, positions: [{ low: 0.9, high: 1.11, usd: 400_000 }] },
  {
    a: 'USDCet',
    b: 'USDT',
    fee: 100,
    positions: [
      { low: 0.998, high: 1.002, usd: 2_000_000 },
      { low: 0.99, high: 1.01, usd: 500_000 },
    ],
  },
  { a: 'USDCet', b: 'USDT', fee: 500, positions: [{ low: 0.97, high: 1.03, usd: 150_000 }] },
  { a: 'FLOKI', b: 'WBNB', fee: 2500, positions: [{ low: 0.7, high: 1.4, usd: 40_000 }] },
  { a: 'FLOKI', b: 'WBNB', fee: 10000, positions: [{ low: 0.3, high: 3, usd: 250_000 }] },
];
