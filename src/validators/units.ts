// Amounts in a token's own units, read from the token, and the chain a client is on: a task is written once, in whole tokens, and plays
// on chains where the same role has other decimals (BSC's USDT has 18, Base's USDC 6).
import { erc20Abi, parseUnits, type Address, type PublicClient } from 'viem';
import { profileForChainId, type ChainProfile } from '../tasks/chain-profile.ts';

const known = new WeakMap<PublicClient, Map<string, number>>();

/** A token's decimals as its contract reports them, read once per client and token. */
export async function tokenDecimals(chain: PublicClient, token: Address): Promise<number> {
  let byToken = known.get(chain);
  if (!byToken) {
    byToken = new Map();
    known.set(chain, byToken);
  }
  const key = token.toLowerCase();
  const cached = byToken.get(key);
  if (cached !== undefined) return cached;
  const d = await chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  byToken.set(key, d);
  return d;
}

/** `whole` tokens (a decimal string, as a request states it) in the token's base units. */
export async function tokenUnits(chain: PublicClient, token: Address, whole: string): Promise<bigint> {
  return parseUnits(whole, await tokenDecimals(chain, token));
}

/** The chain profile of the node a client talks to (its eth_chainId): what a validator reads a chain's names and fee from. */
export async function chainProfileOf(chain: PublicClient): Promise<ChainProfile> {
  return profileForChainId(await chain.getChainId());
}
