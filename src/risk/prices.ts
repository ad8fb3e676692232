import { getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import { ERC20_READ, V2_FACTORY, V2_PAIR } from './abi.ts';
import type { RiskAssets, TokenInfo } from './assets.ts';
import { NATIVE, type AssetKey } from './positions.ts';
import { whole, type PoolEdge, type PoolSource } from './pools.ts';
import { v3PoolSource } from './prices-v3.ts';

export { whole, type PoolEdge, type PoolSource };

export interface AssetPrice {
  key: AssetKey;
  symbol: string;
  decimals: number;
  /** USD per whole unit; absent when no pool links the asset to a priced one. */
  usd?: number;
  /** Where the price came from, e.g. "PancakeSwap V2 WBNB/USDT". */
  via?: string;
}

export interface PriceBook {
  blockNumber?: bigint;
  assets: Map<AssetKey, AssetPrice>;
  /** One sentence for the results: what the prices are and where they come from. */
  source: string;
}

const at = (blockNumber?: bigint) => (blockNumber === undefined ? {} : { blockNumber });

/**
 * Pairs found through the factory for the map's tokens that have no pair key: the chain's own, so found
 * once. A token outside the map may be one an instance placed (another instance's token may have had
 * its address), so its pairs are looked up every time.
 */
const factoryPairs = new WeakMap<RiskAssets, Map<AssetKey, Address[]>>();

async function v2PairsOf(chain: PublicClient, assets: RiskAssets, tokens: readonly TokenInfo[]): Promise<Address[]> {
  const listed = [...assets.tokens.values()].filter((t) => t.pair).map((t) => t.address);
  const chainWide = factoryPairs.get(assets) ?? new Map<AssetKey, Address[]>();
  factoryPairs.set(assets, chainWide);
  const known = new Map(chainWide);
  const inPairs = new Set(
    listed.flatMap((p) => {
      const t = assets.tokens.get(p.toLowerCase())!.pair!;
      return [t.token0.toLowerCase(), t.token1.toLowerCase()];
    }),
  );
  const bases = [assets.wrappedNative, ...assets.anchors.map((a) => a.token)].filter((a): a is Address => a !== undefined);
  const factory = assets.v2Factory;
  const missing = tokens.filter((t) => !t.pair && !inPairs.has(t.address.toLowerCase()) && !known.has(t.address.toLowerCase()));
  if (factory && missing.length > 0) {
    await Promise.all(
      missing.map(async (t) => {
        const found = await Promise.all(
          bases
            .filter((b) => b.toLowerCase() !== t.address.toLowerCase())
            .map((b) =>
              chain
                .readContract({ address: factory, abi: V2_FACTORY, functionName: 'getPair', args: [t.address, b] })
                .catch(() => zeroAddress),
            ),
        );
        const pairs = found.filter((p) => p !== zeroAddress).map((p) => getAddress(p));
        known.set(t.address.toLowerCase() as AssetKey, pairs);
        if (assets.tokens.has(t.address.toLowerCase())) chainWide.set(t.address.toLowerCase() as AssetKey, pairs);
      }),
    );
  }
  // Only the pairs of this call's tokens: a pool an earlier instance created (a task's own token) is gone after the revert.
  return [...new Set([...listed, ...tokens.flatMap((t) => known.get(t.address.toLowerCase()) ?? [])])];
}

/** PancakeSwap V2 (Uniswap V2) pairs: the address map's pair_* keys, plus pairs the factory has for other tokens. */
export const v2PoolSource: PoolSource = {
  name: 'PancakeSwap V2',
  async edges(chain, assets, tokens, blockNumber) {
    const pairs = await v2PairsOf(chain, assets, tokens);
    const rows = await Promise.all(
      pairs.map(async (pair) => {
        const info = assets.tokens.get(pair.toLowerCase())?.pair;
        const [token0, token1, reserves] = await Promise.all([
          info?.token0 ?? chain.readContract({ address: pair, abi: V2_PAIR, functionName: 'token0' }),
          info?.token1 ?? chain.readContract({ address: pair, abi: V2_PAIR, functionName: 'token1' }),
          chain.readContract({ address: pair, abi: V2_PAIR, functionName: 'getReserves', ...at(blockNumber) }),
        ]);
        return { pair, token0, token1, reserves };
      }),
    );
    const edges: PoolEdge[] = [];
    for (const { pair, token0, token1, reserves } of rows) {
      const t0 = assets.tokens.get(token0.toLowerCase()) ?? tokens.find((t) => t.address.toLowerCase() === token0.toLowerCase());
      const t1 = assets.tokens.get(token1.toLowerCase()) ?? tokens.find((t) => t.address.toLowerCase() === token1.toLowerCase());
      if (!t0 || !t1 || reserves[0] === 0n || reserves[1] === 0n) continue;
      const amountA = whole(reserves[0], t0.decimals);
      const amountB = whole(reserves[1], t1.decimals);
      edges.push({
        a: token0.toLowerCase(),
        b: token1.toLowerCase(),
        amountA,
        amountB,
        aPerB: amountA / amountB,
        venue: `PancakeSwap V2 ${t0.symbol}/${t1.symbol}`,
        pool: pair,
      });
    }
    return edges;
  },
};

/** The default sources: V2 pairs always, V3 pools when the address map has a V3 factory. */
export function defaultPoolSources(assets: RiskAssets): PoolSource[] {
  return assets.v3Factory ? [v2PoolSource, v3PoolSource(assets.v3Factory)] : [v2PoolSource];
}

/**
 * Prices every asset the accounting may meet from the chain's own pools at `blockNumber` (the instance's
 * pre-state): the anchors (USDT = 1 USD) first, then, repeatedly, the unpriced asset with the deepest
 * pool to an already priced one (depth = the priced side's USD value), so a thin pool never sets a
 * price a deep one could. BNB is priced as WBNB, an LP token as its share of its pair's reserves.
 */
export async function readPriceBook(
  chain: PublicClient,
  assets: RiskAssets,
  opts: {
    blockNumber?: bigint;
    extraTokens?: readonly TokenInfo[];
    sources?: PoolSource[];
    /** LP tokens to price (each needs its supply read); default every pair. */
    lpTokens?: readonly AssetKey[];
  } = {},
): Promise<PriceBook> {
  const { blockNumber } = opts;
  const tokens = [...assets.tokens.values(), ...(opts.extraTokens ?? []).filter((t) => !assets.tokens.has(t.address.toLowerCase()))];
  const wanted = opts.lpTokens && new Set(opts.lpTokens);
  const lps = tokens.filter((t) => t.pair && (!wanted || wanted.has(t.address.toLowerCase())));
  const [edgeLists, supplies] = await Promise.all([
    Promise.all((opts.sources ?? defaultPoolSources(assets)).map((s) => s.edges(chain, assets, tokens, blockNumber))),
    Promise.all(
      lps.map((t) => chain.readContract({ address: t.address, abi: ERC20_READ, functionName: 'totalSupply', ...at(blockNumber) })),
    ),
  ]);
  const edges = edgeLists.flat();

  const book = new Map<AssetKey, AssetPrice>();
  // LP tokens not asked for are left out rather than listed as having no price.
  for (const t of tokens)
    if (!t.pair || lps.includes(t))
      book.set(t.address.toLowerCase(), { key: t.address.toLowerCase(), symbol: t.symbol, decimals: t.decimals });
  const priced = (k: AssetKey) => book.get(k)?.usd !== undefined;
  for (const a of assets.anchors) Object.assign(book.get(a.token.toLowerCase())!, { usd: a.usd, via: 'anchor' });

  for (;;) {
    let best: { edge: PoolEdge; fromA: boolean; depth: number } | undefined;
    for (const edge of edges) {
      if (!book.has(edge.a) || !book.has(edge.b) || priced(edge.a) === priced(edge.b)) continue;
      const fromA = priced(edge.a);
      const depth = fromA ? edge.amountA * book.get(edge.a)!.usd! : edge.amountB * book.get(edge.b)!.usd!;
      if (!best || depth > best.depth) best = { edge, fromA, depth };
    }
    if (!best) break;
    const { edge, fromA } = best;
    if (fromA) Object.assign(book.get(edge.b)!, { usd: book.get(edge.a)!.usd! * edge.aPerB, via: edge.venue });
    else Object.assign(book.get(edge.a)!, { usd: book.get(edge.b)!.usd! / edge.aPerB, via: edge.venue });
  }

  lps.forEach((t, i) => {
    const pool = edges.find((e) => e.pool.toLowerCase() === t.address.toLowerCase());
    const [pa, pb] = [pool && book.get(pool.a)?.usd, pool && book.get(pool.b)?.usd];
    const supply = supplies[i]!;
    if (!pool || pa === undefined || pb === undefined || supply === 0n) return;
    const usd = (pool.amountA * pa + pool.amountB * pb) / whole(supply, t.decimals);
    Object.assign(book.get(t.address.toLowerCase())!, { usd, via: 'pair reserves / LP supply' });
  });

  const wrapped = assets.wrappedNative && book.get(assets.wrappedNative.toLowerCase());
  book.set(NATIVE, {
    key: NATIVE,
    symbol: 'BNB',
    decimals: 18,
    ...(wrapped?.usd !== undefined ? { usd: wrapped.usd, via: `as ${wrapped.symbol}` } : {}),
  });
  return { ...(blockNumber !== undefined ? { blockNumber } : {}), assets: book, source: describeBook(book, blockNumber) };
}

function describeBook(book: Map<AssetKey, AssetPrice>, blockNumber?: bigint): string {
  const rows = [...book.values()];
  const anchors = rows.filter((r) => r.via === 'anchor').map((r) => `${r.symbol} = ${r.usd} USD`);
  const pooled = rows
    .filter((r) => r.via && r.via !== 'anchor' && r.via !== 'pair reserves / LP supply' && r.key !== NATIVE)
    .map((r) => `${r.symbol} via ${r.via}`);
  const lps = rows.some((r) => r.via === 'pair reserves / LP supply');
  const native = book.get(NATIVE)?.via;
  const unpriced = rows.filter((r) => r.usd === undefined).map((r) => r.symbol);
  return [
    `Prices from the instance's own chain at its pre-state${blockNumber !== undefined ? ` (block ${blockNumber})` : ''}, each asset through the deepest pool to an already priced one`,
    anchors.join(', ') + ' (anchor)',
    ...(native ? [`BNB ${native}`] : []),
    ...pooled,
    ...(lps ? ["LP tokens by their share of the pair's reserves"] : []),
    ...(unpriced.length ? [`no price: ${unpriced.join(', ')}`] : []),
  ].join('; ');
}

/** USD value of `amount` base units, or undefined when the asset has no price. */
export function usdOf(book: PriceBook, key: AssetKey, amount: bigint): number | undefined {
  const p = book.assets.get(key);
  if (p?.usd === undefined) return undefined;
  return whole(amount, p.decimals) * p.usd;
}
