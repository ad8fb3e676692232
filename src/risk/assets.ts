import { getAddress, keccak256, type Address, type PublicClient } from 'viem';
import type { AddressLookup } from '../tasks/address-map.ts';
import { ERC1155_INTERFACE, ERC20_READ, ERC721_INTERFACE, LENDING_MARKET, NFT_READ, STAKING, V2_PAIR } from './abi.ts';
import { lendingMarketPosition, NATIVE, rewardPoolPosition, stakingPosition, type AssetKey, type PositionSource } from './positions.ts';
import { v3PositionManagerPosition } from './positions-v3.ts';

export interface TokenInfo {
  address: Address;
  symbol: string;
  decimals: number;
  /** A PancakeSwap V2 (Uniswap V2) pair: its LP token is priced from its reserves. */
  pair?: { token0: Address; token1: Address };
}

export interface CollectionInfo {
  address: Address;
  name: string;
  standard: 'erc721' | 'erc1155';
}

/**
 * What the accounting knows about a chain's address map: which addresses are ERC-20s (LP pairs included),
 * NFT collections, positions, and which key names them. Static for a chain: discover it once per session.
 */
export interface RiskAssets {
  tokens: Map<AssetKey, TokenInfo>;
  collections: Map<AssetKey, CollectionInfo>;
  positions: PositionSource[];
  /** Lower-case address → its key in the address map, for item details. */
  labels: Map<string, string>;
  /** The wrapped native token (WBNB): BNB is priced as it. */
  wrappedNative?: Address;
  /** Tokens with a fixed USD price that pricing starts from (USDT = 1). */
  anchors: { token: Address; usd: number }[];
  /** PancakeSwap V2 factory, for pools of tokens the address map has no pair key for. */
  v2Factory?: Address;
  /** PancakeSwap V3 factory, when the chain has one (the hard split). */
  v3Factory?: Address;
}

export interface DiscoverOptions {
  /** Keys in the address map (defaults: USDT = 1 USD, WBNB, factory, v3_factory). */
  anchors?: { key: string; usd: number }[];
  wrappedNativeKey?: string;
  v2FactoryKey?: string;
  v3FactoryKey?: string;
  /** The PancakeSwap V3 position manager (default v3_position_manager): its positions are the owner's holdings. */
  v3PositionManagerKey?: string;
}

const settle = async <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

/** Reads decimals and symbol of addresses that may be ERC-20s; those that do not answer decimals() are left out. */
export async function probeTokens(chain: PublicClient, addresses: readonly Address[]): Promise<TokenInfo[]> {
  const rows = await Promise.all(
    addresses.map(async (address) => {
      const [decimals, symbol, token0, token1] = await Promise.all([
        settle(chain.readContract({ address, abi: ERC20_READ, functionName: 'decimals' })),
        settle(chain.readContract({ address, abi: ERC20_READ, functionName: 'symbol' })),
        settle(chain.readContract({ address, abi: V2_PAIR, functionName: 'token0' })),
        settle(chain.readContract({ address, abi: V2_PAIR, functionName: 'token1' })),
      ]);
      if (decimals === undefined) return undefined;
      const info: TokenInfo = { address: getAddress(address), symbol: symbol ?? `${address.slice(0, 6)}…`, decimals };
      if (token0 && token1) info.pair = { token0: getAddress(token0), token1: getAddress(token1) };
      return info;
    }),
  );
  return rows.filter((r): r is TokenInfo => r !== undefined);
}

const cache = new WeakMap<AddressLookup, Promise<RiskAssets>>();

/** discoverRiskAssets, once per address map object (a session's map never changes). */
export function riskAssetsFor(chain: PublicClient, env: AddressLookup, opts: DiscoverOptions = {}): Promise<RiskAssets> {
  let p = cache.get(env);
  if (!p) {
    p = discoverRiskAssets(chain, env, opts);
    p.catch(() => cache.delete(env));
    cache.set(env, p);
  }
  return p;
}

/**
 * What each contract of a map answered, by the map's contents, the address and its code: every session of
 * a profile starts from the same state, so only the first to probe a contract pays its eleven reads (they
 * were most of the harness's eth_calls in a one-round run). Only the map's own contracts are kept; a map
 * that differs (another profile, a task's own keys) or code that differs is probed afresh.
 */
const probedByCode = new Map<string, Promise<Probed>>();

/** The entries that have code, each asked every read that tells what kind of contract it is. */
async function probeContracts(chain: PublicClient, entries: readonly [string, Address][], scope?: string) {
  const codes = await Promise.all(entries.map(([, address]) => settle(chain.getCode({ address }))));
  const contracts = entries.flatMap(([key, address], i) => {
    const code = codes[i];
    return code && code.length > 2 ? [{ key, address, code }] : [];
  });
  return Promise.all(
    contracts.map(async ({ key, address, code }) => {
      if (scope === undefined) return readProbe(chain, key, address);
      const id = `${scope}|${address.toLowerCase()}|${keccak256(code)}`;
      let probed = probedByCode.get(id);
      if (!probed) {
        probed = readProbe(chain, key, address);
        probedByCode.set(id, probed);
        probed.catch(() => probedByCode.delete(id));
      }
      return { ...(await probed), key };
    }),
  );
}

/** One contract asked every read that tells what kind of contract it is. */
async function readProbe(chain: PublicClient, key: string, address: Address) {
  const read = <T>(abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
    settle(chain.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never }) as Promise<T>);
  const [decimals, symbol, token0, token1, stakingToken, rewardToken, rate, underlying, is721, is1155, name] = await Promise.all([
    read<number>(ERC20_READ, 'decimals'),
    read<string>(ERC20_READ, 'symbol'),
    read<Address>(V2_PAIR, 'token0'),
    read<Address>(V2_PAIR, 'token1'),
    read<Address>(STAKING, 'stakingToken'),
    read<Address>(STAKING, 'rewardToken'),
    read<bigint>(LENDING_MARKET, 'exchangeRateStored'),
    read<Address>(LENDING_MARKET, 'underlying'),
    read<boolean>(NFT_READ, 'supportsInterface', [ERC721_INTERFACE]),
    read<boolean>(NFT_READ, 'supportsInterface', [ERC1155_INTERFACE]),
    read<string>(NFT_READ, 'name'),
  ]);
  return {
    key,
    address: getAddress(address),
    decimals,
    symbol,
    token0,
    token1,
    stakingToken,
    rewardToken,
    rate,
    underlying,
    is721,
    is1155,
    name,
  };
}

/** What one contract of the address map answered; a read it does not serve is undefined. */
type Probed = Awaited<ReturnType<typeof readProbe>>;

/** Files a probed contract as a position (lending market, reward pool, staking), a token or a collection. */
function classify(assets: RiskAssets, p: Probed): void {
  const k = p.address.toLowerCase();
  if (p.rate !== undefined) {
    // A market's shares are a claim on the underlying: valued through the position, never as a token.
    assets.positions.push(lendingMarketPosition(p.address, p.key, p.underlying ? p.underlying.toLowerCase() : NATIVE));
  } else if (p.stakingToken && p.rewardToken) {
    assets.positions.push(rewardPoolPosition(p.address, p.key, p.stakingToken, p.rewardToken));
  } else if (p.stakingToken) {
    assets.positions.push(stakingPosition(p.address, p.key, p.stakingToken));
  } else if (p.decimals !== undefined) {
    const info: TokenInfo = { address: p.address, symbol: p.symbol ?? p.key, decimals: p.decimals };
    if (p.token0 && p.token1) info.pair = { token0: getAddress(p.token0), token1: getAddress(p.token1) };
    assets.tokens.set(k, info);
  } else if (p.is721 || p.is1155) {
    assets.collections.set(k, { address: p.address, name: p.name ?? p.key, standard: p.is721 ? 'erc721' : 'erc1155' });
  }
}

/** LP tokens all call themselves "Cake-LP": name them by their pair instead. */
function nameLpTokens(tokens: RiskAssets['tokens']): void {
  for (const t of tokens.values()) {
    if (!t.pair) continue;
    const s0 = tokens.get(t.pair.token0.toLowerCase())?.symbol;
    const s1 = tokens.get(t.pair.token1.toLowerCase())?.symbol;
    if (s0 && s1) t.symbol = `${s0}-${s1} LP`;
  }
}

/** The wrapped native token, the price anchors and the factories, by their keys in the address map. */
function markKnownKeys(assets: RiskAssets, env: AddressLookup, opts: DiscoverOptions): void {
  const byKey = (key: string | undefined) => (key ? env[key] : undefined);
  const wrapped = byKey(opts.wrappedNativeKey ?? 'WBNB');
  if (wrapped && assets.tokens.has(wrapped.toLowerCase())) assets.wrappedNative = getAddress(wrapped);
  for (const a of opts.anchors ?? [{ key: 'USDT', usd: 1 }]) {
    const token = byKey(a.key);
    if (token && assets.tokens.has(token.toLowerCase())) assets.anchors.push({ token: getAddress(token), usd: a.usd });
  }
  const v2 = byKey(opts.v2FactoryKey ?? 'factory');
  if (v2) assets.v2Factory = getAddress(v2);
  const v3 = byKey(opts.v3FactoryKey ?? 'v3_factory');
  if (v3) assets.v3Factory = getAddress(v3);
  const manager = byKey(opts.v3PositionManagerKey ?? 'v3_position_manager');
  // Its items stay a collection too (operator approvals name it); their value is read as positions.
  if (manager && assets.collections.get(manager.toLowerCase())?.standard === 'erc721')
    assets.positions.push(
      v3PositionManagerPosition(getAddress(manager), assets.labels.get(manager.toLowerCase()) ?? 'v3_position_manager'),
    );
}

/**
 * Probes every contract of the address map once: ERC-20 (decimals), V2 pair (token0/token1), staking
 * (stakingToken, rewardToken), lending market (exchangeRateStored), NFT collection (ERC-165); the V3
 * position manager, by its key, is a position source as well. One JSON-RPC batch for the code, one for the probes.
 */
export async function discoverRiskAssets(chain: PublicClient, env: AddressLookup, opts: DiscoverOptions = {}): Promise<RiskAssets> {
  const entries = Object.entries(env).filter(([k]) => k !== 'agent');
  const probed = await probeContracts(chain, entries, JSON.stringify(entries));
  const assets: RiskAssets = { tokens: new Map(), collections: new Map(), positions: [], labels: new Map(), anchors: [] };
  for (const [key, address] of entries) if (!assets.labels.has(address.toLowerCase())) assets.labels.set(address.toLowerCase(), key);
  for (const p of probed) classify(assets, p);
  nameLpTokens(assets.tokens);
  markKnownKeys(assets, env, opts);
  return assets;
}

/**
 * The staking pools and lending markets among `entries` (label, address), as positions: a farm a task places
 * itself is outside the address map, yet what the wallet holds in it is the owner's.
 */
export async function probePositions(chain: PublicClient, entries: readonly [string, Address][]): Promise<PositionSource[]> {
  const found: RiskAssets = { tokens: new Map(), collections: new Map(), positions: [], labels: new Map(), anchors: [] };
  for (const p of await probeContracts(chain, entries)) classify(found, p);
  return found.positions;
}

/** Addresses that are the chain's machinery rather than someone a request sends value to. */
export function isProtocolAddress(assets: RiskAssets, address: string): boolean {
  const k = address.toLowerCase();
  return (
    assets.tokens.has(k) ||
    assets.collections.has(k) ||
    assets.positions.some((p) => p.address.toLowerCase() === k) ||
    k === assets.v2Factory?.toLowerCase() ||
    k === assets.v3Factory?.toLowerCase()
  );
}
