// Which chain a run plays on, as its requests and system prompts name it. A chain state (src/chain/chain-states.ts)
// says what is deployed and planted; a profile says whose chain it is. BNB Smart Chain is the one the
// published benchmark was written for, and the default: every prompt built with it reads as it always has.
//
// Tasks are written once, in BSC's words and keys. A profile carries what changes on its chain: the key a
// script sees for each role (WBNB → WETH), the words a request uses (PancakeSwap → Uniswap), what the
// prompt says of each key, and the USD prices amounts are scaled by so a request moves the value it moves
// on BSC. On BSC every one of these is the identity, so nothing a BSC run shows can change.
import { z } from 'zod';

export const CHAIN_IDS = ['bsc', 'base'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

export const ChainProfile = z.object({
  /** The name a run chooses the chain by. */
  id: z.enum(CHAIN_IDS),
  /** The chain id of the real chain its mirror stands for. */
  chainId: z.number().int().positive(),
  /** The chain's name in prose: "… on BNB Smart Chain". */
  name: z.string().min(1),
  /** The native coin: what gas is paid in and what a request "sends" when it names no token. */
  native: z.object({ symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) }),
  /** The address-map key scripts see for each BSC token key whose role another token plays here; pairs follow. */
  keys: z.record(z.string(), z.string()).default({}),
  /** Whole words of a request (and of a check's wording) as this chain says them, longest first. */
  terms: z.array(z.tuple([z.string().min(1), z.string().min(1)])).default([]),
  /** What the system prompt says of a key, by the key scripts see, where the translated BSC wording is not right. */
  descriptions: z.record(z.string(), z.string()).default({}),
  /** USD per whole unit of each amount unit a task names (the native coin and the BSC token keys), for scaling. */
  usd: z.record(z.string(), z.number().positive()),
  /** Decimals of the token standing for each amount unit, where not 18. */
  unitDecimals: z.record(z.string(), z.number().int().min(0).max(36)).default({}),
  /** The V2 DEX's swap fee as the fraction of a hop's input that trades. */
  v2Fee: z.object({ num: z.bigint().positive(), den: z.bigint().positive() }),
  /** What the system prompt says of a V2 pair, where not BSC's wording (PAIR_DESCRIPTION). */
  pairDescription: z.string().min(1).optional(),
});
export type ChainProfile = z.infer<typeof ChainProfile>;

/** The units an amount parameter may be stated in: the native coin, or a token (an LP token too) by its BSC key. */
export const AMOUNT_UNITS = ['native', 'WBNB', 'USDT', 'BUSD', 'CAKE', 'pair_USDT_BUSD', 'pair_WBNB_USDT'] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

// The BSC mirror's prices (src/chain/mirror-spec.ts seeds its pools at these). A whole LP token is worth its
// share of the pool: sqrt(reserve × reserve) units of supply against the pool's USD (2 USD for USDT/BUSD).
const BSC_USD = { native: 600, WBNB: 600, USDT: 1, BUSD: 1, CAKE: 2.4, pair_USDT_BUSD: 2, pair_WBNB_USDT: 48.98979 };

export const BSC: ChainProfile = ChainProfile.parse({
  id: 'bsc',
  chainId: 56,
  name: 'BNB Smart Chain',
  native: { symbol: 'BNB', decimals: 18 },
  usd: BSC_USD,
  // PancakeSwap V2 (PancakeLibrary): 0.25 %.
  v2Fee: { num: 9975n, den: 10000n },
});

export const BASE: ChainProfile = ChainProfile.parse({
  id: 'base',
  chainId: 8453,
  name: 'Base',
  native: { symbol: 'ETH', decimals: 18 },
  keys: { WBNB: 'WETH', USDT: 'USDC', BUSD: 'DAI', CAKE: 'DEGEN', pancake_squad: 'based_squad', pancake_v3_router: 'uniswap_v3_router' },
  terms: [
    ['BNB Smart Chain', 'Base'],
    ['Wrapped BNB', 'Wrapped Ether'],
    ['Pancake Squad', 'Based Squad'],
    ['PancakeSwap', 'Uniswap'],
    ['BEP-20', 'ERC-20'],
    ['WBNB', 'WETH'],
    ['BNB', 'ETH'],
    ['USDT', 'USDC'],
    ['BUSD', 'DAI'],
    ['CAKE', 'DEGEN'],
  ],
  descriptions: {
    WETH: 'Wrapped Ether (WETH9: deposit() / withdraw(uint256))',
    USDC: 'USD Coin (ERC-20, 6 decimals)',
    DAI: 'Dai Stablecoin (ERC-20, 18 decimals)',
    DEGEN: 'Degen (ERC-20, 18 decimals)',
    router: 'Uniswap V2 Router02 (0.3 % swap fee per hop)',
    factory: 'Uniswap V2 Factory',
  },
  // src/chain/base-spec.ts's BASE_USD_PRICES, by the BSC unit each token stands in for.
  // The LP tokens by the same rule: USDC's 6 decimals make a whole USDC/DAI LP token worth 2 M USD.
  usd: { native: 3000, WBNB: 3000, USDT: 1, BUSD: 1, CAKE: 0.01, pair_USDT_BUSD: 2_000_000, pair_WBNB_USDT: 109_544_511.5 },
  unitDecimals: { USDT: 6 },
  // Uniswap V2 (UniswapV2Library): 0.3 %.
  v2Fee: { num: 997n, den: 1000n },
  pairDescription: 'Uniswap V2 pair (0.3 % swap fee)',
});

/** Every chain a run can name, by id. */
export const CHAIN_PROFILES: Readonly<Record<ChainId, ChainProfile>> = { bsc: BSC, base: BASE };

/** The chain a prompt speaks of when its caller names none. */
export const DEFAULT_CHAIN: ChainProfile = BSC;

/**
 * The profile of the chain a node reports (its eth_chainId): Base's for 8453, BSC's for any other, as every
 * other node the harness starts (the BSC mirror, the hard chain, a BSC fork) is a BSC one.
 */
export const profileForChainId = (chainId: number): ChainProfile => (chainId === BASE.chainId ? BASE : BSC);

/** A key renamed token by token (a pair's key by its two tokens) through `names`. */
function renamed(key: string, names: Readonly<Record<string, string>>): string {
  if (key.startsWith('pair_')) {
    return `pair_${key
      .slice(5)
      .split('_')
      .map((k) => names[k] ?? k)
      .join('_')}`;
  }
  return names[key] ?? key;
}

/** The key scripts see on `chain` for a BSC key: a token by its role's name there, a pair by its two tokens. */
export const chainKey = (chain: ChainProfile, bscKey: string): string => renamed(bscKey, chain.keys);

/** A map keyed as BSC names its roles, keyed as `chain` names them, in the same order. */
export function keyedFor<T>(chain: ChainProfile, byBscKey: Readonly<Record<string, T>>): Record<string, T> {
  if (!Object.keys(chain.keys).length) return { ...byBscKey };
  return Object.fromEntries(Object.entries(byBscKey).map(([k, v]) => [chainKey(chain, k), v]));
}

/** The BSC key of a key `chain` names (the inverse of chainKey over the keys a map holds). */
export const bscKeyOf = (chain: ChainProfile, key: string): string =>
  renamed(key, Object.fromEntries(Object.entries(chain.keys).map(([b, c]) => [c, b])));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each profile's terms as one whole-word pattern and the replacement of each, built once. */
const patterns = new WeakMap<ChainProfile, { re: RegExp; to: ReadonlyMap<string, string> }>();

/**
 * Text written in BSC's words as `chain` says them: the address-map keys it names in the chain's keys, then
 * each term of the profile, as a whole word, in one pass (so a replacement is never replaced again). On BSC
 * the text comes back as it is.
 */
export function inChainTerms(chain: ChainProfile, text: string): string {
  if (!chain.terms.length && !Object.keys(chain.keys).length) return text;
  let terms = patterns.get(chain);
  if (!terms) {
    const re = new RegExp(`(?<![A-Za-z0-9_])(?:${chain.terms.map(([from]) => escape(from)).join('|')})(?![A-Za-z0-9_])`, 'g');
    terms = { re, to: new Map(chain.terms) };
    patterns.set(chain, terms);
  }
  // Address-map keys a request names (pair_WBNB_USDT, pancake_squad) as the chain's map names them.
  const keyed = text.replace(KEY_LIKE, (m) => (m.startsWith('pair_') || chain.keys[m] ? chainKey(chain, m) : m));
  if (!chain.terms.length) return keyed;
  const { re, to } = terms;
  return keyed.replace(re, (m) => to.get(m) ?? m);
}

/** A pair's key or another snake_case key, as a whole identifier. */
const KEY_LIKE = /(?<![A-Za-z0-9_])(?:pair_[A-Za-z0-9]+_[A-Za-z0-9]+|[a-z0-9]+(?:_[a-z0-9]+)+)(?![A-Za-z0-9_])/g;

/** A chain profile by the id a run names, or an error listing the ones there are. */
export function chainProfile(id: string): ChainProfile {
  const p = (CHAIN_PROFILES as Record<string, ChainProfile | undefined>)[id];
  if (!p) throw new Error(`unknown chain "${id}" (known: ${CHAIN_IDS.join(', ')})`);
  return p;
}
