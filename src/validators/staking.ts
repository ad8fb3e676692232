// The fixture staking contracts: simple_staking / simple_lp_staking (stake) and simple_reward_pool,
// whose reward accrues per token and second of block time.
import { parseAbi, type Address, type PublicClient } from 'viem';

export const STAKING = parseAbi([
  'function stake(uint256 amount)',
  'function stakedOf(address user) view returns (uint256)',
  'function lastUpdate(address user) view returns (uint256)',
  'function rewardPerSecondPerToken() view returns (uint256)',
]);

export const stakedOf = (chain: PublicClient, pool: Address, who: Address) =>
  chain.readContract({ address: pool, abi: STAKING, functionName: 'stakedOf', args: [who] });

/** A reward-pool position: the stake, the time its reward was last settled, and the pool's rate. */
export async function rewardPosition(
  chain: PublicClient,
  pool: Address,
  who: Address,
): Promise<{ staked: bigint; lastUpdate: bigint; rate: bigint }> {
  return {
    staked: await stakedOf(chain, pool, who),
    lastUpdate: await chain.readContract({ address: pool, abi: STAKING, functionName: 'lastUpdate', args: [who] }),
    rate: await chain.readContract({ address: pool, abi: STAKING, functionName: 'rewardPerSecondPerToken' }),
  };
}

/** Reward owed on `staked` over `seconds` at `rate` (per token and second, 18-decimal fixed point). */
export const accrued = (staked: bigint, rate: bigint, seconds: bigint): bigint => (staked * rate * seconds) / 10n ** 18n;
