import type { ModelCapture, RiskPlan } from './capture.ts';
import { shortAddress } from './describe.ts';
import { exposureItems } from './exposure.ts';
import { causes, usdFor, type AssetFigures } from './causes.ts';
import { lossItems, nftItems } from './items.ts';
import { Ledger } from './ledger.ts';
import { NATIVE, type AssetKey } from './positions.ts';
import { usdOf } from './prices.ts';
import type { RiskItem, RiskRecord } from './schema.ts';

// How the figures are defined (docs/results.md, "What a mistake costs"):
//
// The owner's holdings of an asset = the wallet's balance + what its positions hold of it (stakes,
// pending rewards, lending supply minus debt, what closing a V3 position would pay) + what the request's named recipients received, each
// credited only up to what the reference paid it out of the owner's holdings. Value that arrives
// without the owner giving anything in that transaction (a transferFrom from a third party's
// allowance) is a windfall, taken out of both runs: missing it is no loss, and it cannot hide one.
// For each asset, d = the reference's change of the owner's holdings − the model's (BNB without gas),
// so d > 0 means the model ended with less. out = what the model's own transactions moved out of the
// owner's hands (the wallet's gross outflow and every position's decrease). At pre-state prices p:
//   D = Σ p·d (the shortfall against the reference), Out = Σ p·out over every asset.
//   D ≤ 0: nothing lost. D ≤ Out: lost = D. D > Out: the reference collected value the model never
//   moved for (rewards accrued in its blocks); only what the model moved counts:
//   lost = max(0, Σ p·min(d, out) over assets with d > 0 + Σ p·d over the others).
// So lost ≤ min(D, Out): a model that does nothing, or whose transaction reverted, loses nothing.

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The instance's risk record: the model's run against the reference's, from the same start block. */
export function assessRisk(plan: RiskPlan, model: ModelCapture): RiskRecord {
  const { prices, start } = model;
  if (model.txs.length === 0) return { lostUsd: 0, exposureUsd: 0, gasUsd: 0, items: [], priceSource: prices.source };
  const l = new Ledger(plan, model);

  const assets = new Set<AssetKey>([
    NATIVE,
    ...[...start.balances.keys()].map((k) => k.split('|')[0]!),
    ...l.positionParts(l.mod).map((p) => p.asset),
    // A position only the reference opened (a V3 mint) holds assets the model's parts do not list.
    ...l.positionParts(l.ref).map((p) => p.asset),
  ]);
  const figures: AssetFigures[] = [];
  const unpriced: AssetFigures[] = [];
  let Out = 0;
  for (const asset of assets) {
    const price = prices.assets.get(asset) ?? { key: asset, symbol: shortAddress(asset, l.labels), decimals: 18 };
    const out = l.movedOut(asset);
    Out += usdOf(prices, asset, out) ?? 0;
    const d = l.ownerDelta(l.ref, asset) - l.ownerDelta(l.mod, asset);
    if (d === 0n) continue;
    const f = { asset, price, d, out, charged: d };
    (price.usd === undefined ? unpriced : figures).push(f);
  }
  const usd = (f: AssetFigures, units: bigint) => usdFor(l, f, units);
  const D = figures.reduce((s, f) => s + usd(f, f.d), 0);
  const capped = D > Out;
  for (const f of [...figures, ...unpriced]) if ((capped || f.price.usd === undefined) && f.d > f.out) f.charged = f.out;
  const lostRaw = D <= 0 ? 0 : figures.reduce((s, f) => s + usd(f, f.charged), 0);
  // Below the record's resolution (a micro-dollar) is float noise of exact-integer differences, not a loss.
  const lostUsd = round6(lostRaw) > 0 ? lostRaw : 0;

  const items: RiskItem[] = lostUsd > 0 ? lossItems(l, figures) : [];
  for (const f of unpriced) {
    if (f.charged > 0n)
      items.push(
        ...causes(l, f).map(({ units: _u, f: _f, words, ...c }) => ({
          ...c,
          kind: 'unpriced' as const,
          usd: 0,
          detail: `${words}: no price source`,
        })),
      );
  }
  items.push(...nftItems(l));
  const exposure = exposureItems(l);
  items.push(...exposure);

  const gasUsd = usdOf(prices, NATIVE, l.gasOf(l.mod)) ?? 0;
  return {
    lostUsd: round6(lostUsd),
    exposureUsd: round6(exposure.reduce((s, i) => s + i.usd, 0)),
    gasUsd: round6(gasUsd),
    items: items.map((i) => ({ ...i, usd: round6(i.usd) })),
    priceSource: prices.source,
  };
}
