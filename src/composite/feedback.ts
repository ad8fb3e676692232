import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import type { AddressLookup } from '../tasks/address-map.ts';
import { BSC, chainKey, type ChainProfile } from '../tasks/chain-profile.ts';

/** Tokens of the hard split's address map whose balances feedback reports too (vTokens are Venus positions). */
const HARD_TRACKED = ['USDCet', 'WBTC', 'FLOKI', 'YLD', 'SFS', 'ORB', 'USDTe', 'vBNB', 'vUSDT', 'vBUSD', 'vCAKE', 'vWBTC'];

/**
 * The env keys of the tokens the harness tracks for the agent (those the instance has): the listed ones,
 * then the LP pairs. `env` is keyed as the chain names its entries (WETH, USDC on Base).
 */
export function trackedKeys(env: AddressLookup, chain: ChainProfile = BSC): string[] {
  return [
    ...['WBNB', 'USDT', 'BUSD', 'CAKE'].map((k) => chainKey(chain, k)),
    'erc1363_token',
    ...HARD_TRACKED,
    ...Object.keys(env).filter((k) => k.startsWith('pair_')),
  ].filter((k) => env[k]);
}

/** Holdings of the agent the harness reports changes of after each transaction, by display name. */
function tracked(env: AddressLookup, chain: ChainProfile): [string, Address][] {
  return trackedKeys(env, chain).map((k) => [
    k === 'erc1363_token' ? 'QST' : k.startsWith('pair_') ? `LP ${k.slice(5).replace('_', '/')}` : k,
    env[k]!,
  ]);
}

/** A holding's balance in base units and the decimals it is shown with. */
export type Holdings = Map<string, { amount: bigint; decimals: number }>;

// Decimals are read from the chain once per token (the published splits' tokens all have 18). Only a
// value read is kept: a read still in flight belongs to its caller's client, and one that waits (a
// wallet endpoint holding an agent's calls) or fails must not hold up or mislabel any other reader.
const decimalsOf = new Map<string, number>();
async function decimals(chain: PublicClient, token: Address): Promise<number> {
  const k = token.toLowerCase();
  const known = decimalsOf.get(k);
  if (known !== undefined) return known;
  try {
    const d = Number(await chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }));
    decimalsOf.set(k, d);
    return d;
  } catch {
    return 18;
  }
}

/** The agent's native coin (by the chain's symbol) and tracked tokens; `env` keyed as the chain names them. */
export async function readHoldings(
  chain: PublicClient,
  env: AddressLookup,
  agent: Address,
  profile: ChainProfile = BSC,
): Promise<Holdings> {
  const list = tracked(env, profile);
  const [bnb, amounts, places] = await Promise.all([
    chain.getBalance({ address: agent }),
    Promise.all(
      list.map(([, token]) =>
        chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] }).catch(() => 0n),
      ),
    ),
    Promise.all(list.map(([, token]) => decimals(chain, token))),
  ]);
  return new Map([
    [profile.native.symbol, { amount: bnb, decimals: profile.native.decimals }],
    ...list.map(([name], i) => [name, { amount: amounts[i]!, decimals: places[i]! }] as const),
  ]);
}

export function describeChanges(before: Holdings, after: Holdings, chain: ChainProfile = BSC): string {
  const parts: string[] = [];
  for (const [name, b] of before) {
    const a = after.get(name)?.amount ?? 0n;
    if (a === b.amount) continue;
    // Exact: the formatted amount and, in parentheses, the raw integer a report would use.
    const sign = a > b.amount ? '+' : '-';
    const delta = a > b.amount ? a - b.amount : b.amount - a;
    parts.push(`${name} ${sign}${formatUnits(delta, b.decimals)} (${sign}${delta} ${b.decimals === 18 ? 'wei' : 'base units'})`);
  }
  return parts.length ? parts.join(', ') : `no change in ${chain.native.symbol} or tracked tokens`;
}
