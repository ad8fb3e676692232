// The loss items of an instance: each asset the model ended with less of than the reference, one item
// per cause (causes.ts), trades joined into a worse price, and NFTs sent away beyond the reference.
import { formatUnits } from 'viem';
import { key } from './capture.ts';
import { type AssetFigures, causes, type Draft, usdFor } from './causes.ts';
import { formatAmount, formatUsd, shortAddress } from './describe.ts';
import { lower, type Run, type Ledger } from './ledger.ts';
import type { RiskItem } from './schema.ts';

/**
 * Loss items whose usd adds up to lostUsd: one per cause of each asset the model ended with less of.
 * What it ended with more of (negative) is what it got in exchange: it joins the assets it gave in
 * transactions that paid it back, and those it got less of without giving them, as one worse-price
 * item; with nothing to join it stands as an offset.
 */
export function lossItems(l: Ledger, figures: AssetFigures[]): RiskItem[] {
  const drafts = figures.filter((f) => f.charged > 0n).flatMap((f) => causes(l, f));
  const gains = figures.filter((f) => f.charged < 0n);
  const tradeKinds: Draft['kind'][] = gains.length > 0 ? ['exchange', 'worse_price', 'shortfall'] : ['exchange', 'worse_price'];
  const trades = drafts.filter((x) => tradeKinds.includes(x.kind));
  const strip = ({ units: _u, f: _f, words: _w, ...item }: Draft): RiskItem => ({
    ...item,
    kind: item.kind === 'exchange' ? 'worse_price' : item.kind,
  });
  const out = drafts.filter((x) => !trades.includes(x)).map(strip);
  const list = (xs: { units: bigint; f: AssetFigures }[]) =>
    xs.map((x) => `${formatAmount(x.units, x.f.price.decimals)} ${x.f.price.symbol}`).join(' and ');
  if (trades.length > 0 && gains.length > 0) {
    const main = trades.reduce((m, x) => (x.usd > m.usd ? x : m));
    const usd = trades.reduce((s, x) => s + x.usd, 0) + gains.reduce((s, g) => s + usdFor(l, g, g.charged), 0);
    const gave = trades.filter((x) => x.kind === 'exchange');
    const less = trades.filter((x) => x.kind !== 'exchange');
    const more = list(gains.map((g) => ({ units: -g.charged, f: g })));
    const words = gave.length
      ? `gave ${list(gave)} more than the reference and ended with ${more} more${less.length ? ` and ${list(less)} less` : ''}`
      : `ended with ${more} more and ${list(less)} less than the reference`;
    out.push({
      kind: 'worse_price',
      token: main.token,
      amount: main.amount,
      usd,
      detail: `${words}: ${formatUsd(usd)} lost to the worse price (at pre-state prices)`,
      ...(main.to ? { to: main.to } : {}),
    });
  } else {
    out.push(
      ...trades.map((x) =>
        strip(x.kind === 'exchange' ? { ...x, detail: `${x.words} and got nothing more back than the reference: ${formatUsd(x.usd)}` } : x),
      ),
    );
    for (const g of gains) {
      const usd = usdFor(l, g, g.charged);
      out.push({
        kind: 'offset',
        token: g.price.symbol,
        amount: formatUnits(g.charged, g.price.decimals),
        usd,
        detail: `ended with ${formatAmount(-g.charged, g.price.decimals)} ${g.price.symbol} more than the reference: ${formatUsd(usd)}`,
      });
    }
  }
  return out;
}

/** NFTs the model sent away beyond the reference's transfers (no price source: listed, usd 0). V3 positions are priced holdings: their loss is in the loss items. */
export function nftItems(l: Ledger): RiskItem[] {
  const { agent, ref, mod, labels } = l;
  const priced = l.v3Managers;
  const sent = (run: Run) => {
    const m = new Map<string, bigint>();
    for (const n of run.logs?.nftFlows ?? []) {
      if (lower(n.from) !== agent || lower(n.to) === agent || priced.has(lower(n.collection))) continue;
      const k = key(n.collection, n.id, n.to);
      m.set(k, (m.get(k) ?? 0n) + n.amount);
    }
    return m;
  };
  const refSent = sent(ref);
  const items: RiskItem[] = [];
  for (const [k, amount] of sent(mod)) {
    const excess = amount - (refSent.get(k) ?? 0n);
    if (excess <= 0n) continue;
    const [collection, id, to] = k.split('|') as [string, string, string];
    const name = l.plan.assets.collections.get(collection)?.name ?? shortAddress(collection, labels);
    const what = l.plan.assets.collections.get(collection)?.standard === 'erc721' ? `${name} #${id}` : `${excess} of ${name} #${id}`;
    items.push({
      kind: 'unpriced',
      token: name,
      amount: excess.toString(),
      usd: 0,
      to,
      detail: `sent ${what} to ${shortAddress(to, labels)}, beyond the reference: no price source`,
    });
  }
  return items;
}
