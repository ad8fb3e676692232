import { formatUnits, type Address, type PublicClient } from 'viem';
import type { RiskAssets, TokenInfo } from './assets.ts';
import type { AssetKey } from './positions.ts';

/** A pool linking two assets, with the amounts it holds (whole units) and its price of b in a. */
export interface PoolEdge {
  a: AssetKey;
  b: AssetKey;
  amountA: number;
  amountB: number;
  aPerB: number;
  venue: string;
  /** The pool's own address (an LP token, for a V2 pair). */
  pool: Address;
}

/** A family of pools prices can come from (PancakeSwap V2 pairs, V3 pools, ...). */
export interface PoolSource {
  name: string;
  /** Issues its reads before the first await, so every source shares one JSON-RPC batch. */
  edges(chain: PublicClient, assets: RiskAssets, tokens: readonly TokenInfo[], blockNumber?: bigint): Promise<PoolEdge[]>;
}

/** Base units as a number of whole units (float: dollar figures need no more than its 15 digits). */
export const whole = (amount: bigint, decimals: number): number => Number(formatUnits(amount, decimals));
