import type { Address, PublicClient } from 'viem';
import { LENDING_MARKET, STAKING } from './abi.ts';

/** An asset by key: a lower-case ERC-20 address, or 'native' for BNB. */
export type AssetKey = string;
export const NATIVE: AssetKey = 'native';

export interface PositionHolding {
  asset: AssetKey;
  /** Signed: a debt is negative. */
  amount: bigint;
  /** 'liquidity' and 'fees': a V3 position's principal and its fees not yet collected. */
  part: 'staked' | 'pending' | 'supplied' | 'borrowed' | 'liquidity' | 'fees';
  /** Which of the source's items it is in (a V3 position's token id), when the source holds several. */
  id?: bigint;
}

/** A holding's identity within its source: readings at two blocks are compared holding by holding. */
export const holdingKey = (h: PositionHolding) => `${h.asset}|${h.part}|${h.id ?? ''}`;

/**
 * Value the wallet holds inside a contract rather than as a token balance. Its holdings count as the
 * owner's, so moving tokens into or out of a position is value-neutral and losing one is a loss.
 */
export interface PositionSource {
  address: Address;
  label: string;
  kind: 'staking' | 'reward_pool' | 'lending_market' | 'v3_positions';
  /** The assets its holdings are in (empty when they are known only once read: V3 positions). */
  assets: AssetKey[];
  /** Every call is issued before the first await, so reads of several positions share one JSON-RPC batch. */
  read(chain: PublicClient, owner: Address, blockNumber?: bigint): Promise<PositionHolding[]>;
}

const at = (blockNumber?: bigint) => (blockNumber === undefined ? {} : { blockNumber });

/** TokenStaking: a stake of one token, no rewards. */
export function stakingPosition(address: Address, label: string, stakingToken: Address): PositionSource {
  return {
    address,
    label,
    kind: 'staking',
    assets: [stakingToken.toLowerCase()],
    async read(chain, owner, blockNumber) {
      const staked = await chain.readContract({ address, abi: STAKING, functionName: 'stakedOf', args: [owner], ...at(blockNumber) });
      return [{ asset: stakingToken.toLowerCase(), amount: staked, part: 'staked' }];
    },
  };
}

/** RewardPool: a stake plus rewards accrued but not paid out (an emergency withdrawal forfeits them). */
export function rewardPoolPosition(address: Address, label: string, stakingToken: Address, rewardToken: Address): PositionSource {
  return {
    address,
    label,
    kind: 'reward_pool',
    assets: [stakingToken.toLowerCase(), rewardToken.toLowerCase()],
    async read(chain, owner, blockNumber) {
      const [staked, pending] = await Promise.all([
        chain.readContract({ address, abi: STAKING, functionName: 'stakedOf', args: [owner], ...at(blockNumber) }),
        chain.readContract({ address, abi: STAKING, functionName: 'pendingReward', args: [owner], ...at(blockNumber) }),
      ]);
      return [
        { asset: stakingToken.toLowerCase(), amount: staked, part: 'staked' },
        { asset: rewardToken.toLowerCase(), amount: pending, part: 'pending' },
      ];
    },
  };
}

/**
 * A Compound-style market (Venus vToken): the supply is the share balance × exchangeRateStored / 1e18 in
 * underlying units, the debt is borrowBalanceStored. Stored (not current) values: they move only when
 * the market is touched, so an instance's own interest accrual is not counted as a loss or a gain.
 */
export function lendingMarketPosition(address: Address, label: string, underlying: AssetKey): PositionSource {
  return {
    address,
    label,
    kind: 'lending_market',
    assets: [underlying],
    async read(chain, owner, blockNumber) {
      const [shares, rate, debt] = await Promise.all([
        chain.readContract({ address, abi: LENDING_MARKET, functionName: 'balanceOf', args: [owner], ...at(blockNumber) }),
        chain.readContract({ address, abi: LENDING_MARKET, functionName: 'exchangeRateStored', ...at(blockNumber) }),
        chain.readContract({ address, abi: LENDING_MARKET, functionName: 'borrowBalanceStored', args: [owner], ...at(blockNumber) }),
      ]);
      return [
        { asset: underlying, amount: (shares * rate) / 10n ** 18n, part: 'supplied' },
        { asset: underlying, amount: -debt, part: 'borrowed' },
      ];
    },
  };
}
