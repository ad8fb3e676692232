// A token outside the address map is priced at its pool's mid price, which is only what it is worth if it
// can really be sold. Some cannot, or keep part of every sale, and only when the transaction pays for gas
// (tx.gasprice > 0), so a fee-less eth_call shows a clean sale. For the tokens the wallet holds after the
// model's run, a fee-paying transfer of that whole balance into the token's V2 pair is traced (nothing is
// sent) and the share that reaches the pair scales the price: a token that keeps 40 % of a sale is worth
// 60 % of its mid price, one whose sale reverts nothing.
import { encodeFunctionData, erc20Abi, parseGwei, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import { TOPIC, V2_FACTORY } from './abi.ts';
import type { RiskAssets, TokenInfo } from './assets.ts';
import type { PriceBook } from './prices.ts';
import type { AssetKey } from './positions.ts';

interface TraceFrame {
  error?: string;
  logs?: { address: Address; topics: Hex[]; data: Hex }[];
  calls?: TraceFrame[];
}

/** Sum of Transfer(·, `to`, value) logged by `token` in a call frame and its sub-calls. */
function received(frame: TraceFrame, token: Address, to: Address): bigint {
  const topic = `0x${to.slice(2).toLowerCase().padStart(64, '0')}`;
  let sum = 0n;
  for (const log of frame.logs ?? [])
    if (log.address.toLowerCase() === token.toLowerCase() && log.topics[0] === TOPIC.transfer && log.topics[2]?.toLowerCase() === topic)
      sum += BigInt(log.data === '0x' ? 0 : log.data);
  for (const call of frame.calls ?? []) sum += received(call, token, to);
  return sum;
}

/**
 * The share (0-1) of a fee-paying sale that reaches the pool, for each token outside the address map that the
 * wallet holds `balances` of now and that has a V2 pair with the wrapped native token; tokens whose sale
 * delivers everything are left out. Reads the chain as it is (the model's end state).
 */
export async function saleShares(
  chain: PublicClient,
  assets: RiskAssets,
  agent: Address,
  tokens: readonly TokenInfo[],
  balances: ReadonlyMap<AssetKey, bigint>,
): Promise<Map<AssetKey, number>> {
  const shares = new Map<AssetKey, number>();
  const { v2Factory, wrappedNative } = assets;
  if (!v2Factory || !wrappedNative) return shares;
  const held = tokens.filter((t) => !assets.tokens.has(t.address.toLowerCase()) && (balances.get(t.address.toLowerCase()) ?? 0n) > 0n);
  if (held.length === 0) return shares;
  const { baseFeePerGas } = await chain.getBlock();
  const gasPrice = (baseFeePerGas ?? 0n) + parseGwei('1');
  await Promise.all(
    held.map(async (t) => {
      const pair = await chain.readContract({
        address: v2Factory,
        abi: V2_FACTORY,
        functionName: 'getPair',
        args: [t.address, wrappedNative],
      });
      if (pair === zeroAddress) return;
      const amount = balances.get(t.address.toLowerCase())!;
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [pair, amount] });
      // A node that cannot trace leaves the mid price: the figure is then what it was before this step.
      const frame = (await chain
        .request({
          method: 'debug_traceCall' as 'eth_call',
          params: [
            { from: agent, to: t.address, data, gas: '0x1e8480', gasPrice: `0x${gasPrice.toString(16)}` },
            'latest',
            { tracer: 'callTracer', tracerConfig: { withLog: true } },
          ] as never,
        })
        .catch(() => undefined)) as unknown as TraceFrame | undefined;
      if (!frame) return;
      const reached = frame.error ? 0n : received(frame, t.address, pair);
      if (reached < amount) shares.set(t.address.toLowerCase(), Number((reached * 1_000_000n) / amount) / 1_000_000);
    }),
  );
  return shares;
}

/** The price book with each measured token's price scaled by its sale share, and its source saying so. */
export function scaleBySaleShares(book: PriceBook, shares: ReadonlyMap<AssetKey, number>): PriceBook {
  if (shares.size === 0) return book;
  const assets = new Map(book.assets);
  const notes: string[] = [];
  for (const [key, share] of shares) {
    const p = assets.get(key);
    if (p?.usd === undefined) continue;
    assets.set(key, { ...p, usd: p.usd * share, via: `${p.via} × ${share} (the share of a fee-paying sale that reaches the pool)` });
    notes.push(`${p.symbol} × ${share}, the share of a fee-paying sale of the wallet's holding that reaches its pool`);
  }
  return { ...book, assets, source: [book.source, ...notes].join('; ') };
}
