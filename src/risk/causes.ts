// What explains each asset the model ended with less of than the reference: sent beyond the request,
// forfeited rewards, V3 positions sent away, sent elsewhere, burned, exchanged, or a plain shortfall.
import { formatUnits, zeroAddress } from 'viem';
import { key } from './capture.ts';
import { formatAmount, formatUsd, shortAddress } from './describe.ts';
import { lower, type Ledger, type Run } from './ledger.ts';
import { NATIVE, type AssetKey } from './positions.ts';
import { usdOf, type AssetPrice } from './prices.ts';
import type { RiskItem, RiskItemKind } from './schema.ts';

const ZERO_LIKE = new Set([zeroAddress, '0x000000000000000000000000000000000000dead']);

/** The pieces of one asset's comparison, in base units. */
export interface AssetFigures {
  asset: AssetKey;
  price: AssetPrice;
  d: bigint;
  out: bigint;
  /** Units charged (d, or min(d, out) when the cap applies); set once the branch is known. */
  charged: bigint;
}

/** Dollars of some units of an asset at the pre-state prices (0 without a price). */
export const usdFor = (l: Ledger, f: AssetFigures, units: bigint) => usdOf(l.model.prices, f.asset, units) ?? 0;

interface Cause {
  kind: RiskItemKind | 'exchange';
  amount: bigint;
  to?: string;
  /** Words before the dollar figure, given the units this cause is charged. */
  say: (units: string) => string;
}

export type Draft = Omit<RiskItem, 'kind'> & { kind: RiskItemKind | 'exchange'; units: bigint; f: AssetFigures; words: string };

type Outflows = Map<string, { amount: bigint; txs: Set<number> }>;

/** Where a run's transactions sent an asset out of the wallet, by recipient (lower-case). */
function outflowsOf(l: Ledger, run: Run, asset: AssetKey): Outflows {
  const m: Outflows = new Map();
  const add = (to: string, amount: bigint, tx: number) => {
    const e = m.get(to) ?? { amount: 0n, txs: new Set<number>() };
    e.amount += amount;
    e.txs.add(tx);
    m.set(to, e);
  };
  if (asset === NATIVE) for (const s of run.logs?.nativeSent ?? []) add(lower(s.to), s.amount, s.tx);
  else
    for (const t of run.logs?.tokenFlows ?? []) if (lower(t.token) === asset && lower(t.from) === l.agent) add(lower(t.to), t.amount, t.tx);
  return m;
}

/** The model paid a named recipient beyond what the reference paid it. */
function overSent(l: Ledger, f: AssetFigures): Cause[] {
  const sym = f.price.symbol;
  return l.named.flatMap((n): Cause[] => {
    const cap = l.refPaid(f.asset, n);
    const excess = l.namedDelta(l.mod, f.asset, n) - l.windfall(l.mod, f.asset, n) - cap;
    if (excess <= 0n) return [];
    const who = shortAddress(n, l.labels);
    const say =
      cap > 0n
        ? (u: string) => `sent ${u} ${sym} more than asked to ${who}`
        : (u: string) => `paid ${u} ${sym} to ${who} out of the wallet, which the request did not ask the wallet to pay`;
    return [{ kind: 'over_sent', amount: excess, to: n, say }];
  });
}

/** Pending rewards a position lost beyond what it paid out, beyond the reference's. */
function forfeited(l: Ledger, f: AssetFigures): Cause[] {
  const forfeits = (run: Run, pos: string) => {
    const drop = l
      .positionParts(run)
      .filter((p) => p.pos === pos && p.asset === f.asset && p.part === 'pending' && p.delta < 0n)
      .reduce((s, p) => s - p.delta, 0n);
    const paid = (run.logs?.tokenFlows ?? [])
      .filter((t) => lower(t.token) === f.asset && lower(t.from) === pos && lower(t.to) === l.agent)
      .reduce((s, t) => s + t.amount, 0n);
    return drop > paid ? drop - paid : 0n;
  };
  return [...new Set(l.positionParts(l.mod).map((p) => p.pos))].flatMap((pos): Cause[] => {
    const excess = forfeits(l.mod, pos) - forfeits(l.ref, pos);
    return excess > 0n
      ? [
          {
            kind: 'forfeited',
            amount: excess,
            to: pos,
            say: (u) => `forfeited ${u} ${f.price.symbol} of pending rewards in ${shortAddress(pos, l.labels)}`,
          },
        ]
      : [];
  });
}

/** V3 positions the model's transactions sent out of the wallet: what they held of the asset, beyond what the reference's run took out of them, went with them. */
function positionsSent(l: Ledger, f: AssetFigures): Cause[] {
  const managers = l.v3Managers;
  const sent = (l.mod.logs?.nftFlows ?? []).filter(
    (n) => managers.has(lower(n.collection)) && lower(n.from) === l.agent && lower(n.to) !== l.agent && !ZERO_LIKE.has(lower(n.to)),
  );
  const drop = (run: Run, pos: string, id: bigint) =>
    -l
      .positionParts(run)
      .filter((p) => p.pos === pos && p.id === id && p.asset === f.asset)
      .reduce((s, p) => s + p.delta, 0n);
  return sent.flatMap(({ collection, id, to }): Cause[] => {
    const pos = lower(collection);
    const excess = drop(l.mod, pos, id) - drop(l.ref, pos, id);
    if (excess <= 0n) return [];
    const name = `${l.plan.assets.collections.get(pos)?.name ?? shortAddress(pos, l.labels)} #${id}`;
    const who = shortAddress(to, l.labels);
    const unnamed = l.named.includes(lower(to)) ? '' : ', an address the request did not name';
    return [
      {
        kind: 'sent_elsewhere',
        amount: excess,
        to: lower(to),
        say: (u) => `sent position ${name}, holding ${u} ${f.price.symbol}, to ${who}${unnamed}`,
      },
    ];
  });
}

/** Whether the wallet ended with more BNB than it started with, gas aside. */
const bnbCameIn = (l: Ledger) =>
  (l.mod.end?.balances.get(key(NATIVE, l.agent)) ?? 0n) + (l.mod.logs?.gasWei ?? 0n) >
  (l.model.start.balances.get(key(NATIVE, l.agent)) ?? 0n);

/** Outflows to addresses the request did not name, beyond the reference's: burned, exchanged, or sent elsewhere. */
function sentAway(l: Ledger, f: AssetFigures, modOut: Outflows): Cause[] {
  const sym = f.price.symbol;
  const refOut = outflowsOf(l, l.ref, f.asset);
  const wrapped = lower(l.plan.assets.wrappedNative ?? zeroAddress);
  const list: Cause[] = [];
  for (const [to, { amount, txs }] of modOut) {
    if (to === l.agent || l.named.includes(to)) continue;
    const excess = amount - (refOut.get(to)?.amount ?? 0n);
    if (excess <= 0n) continue;
    const paidBack =
      [...txs].some((i) => l.mod.logs?.receivedIn.has(i) || (l.mod.logs?.unwrappedIn.has(i) && bnbCameIn(l))) ||
      (f.asset === NATIVE && to === wrapped);
    const where = shortAddress(to, l.labels);
    if (ZERO_LIKE.has(to)) list.push({ kind: 'burned', amount: excess, to, say: (u) => `burned ${u} ${sym} (sent to ${where})` });
    else if (paidBack) list.push({ kind: 'exchange', amount: excess, to, say: (u) => `gave ${u} ${sym} to ${where}` });
    else
      list.push({
        kind: 'sent_elsewhere',
        amount: excess,
        to,
        say: (u) => `sent ${u} ${sym} to ${where}, an address the request did not name`,
      });
  }
  return list;
}

/** What explains charged units no transfer accounts for: a worse price, value sent with nothing back, or a plain shortfall. */
function unexplained(l: Ledger, f: AssetFigures, modOut: Outflows, left: bigint): Cause {
  const sym = f.price.symbol;
  const received =
    f.asset === NATIVE ? bnbCameIn(l) : (l.mod.logs?.tokenFlows ?? []).some((t) => lower(t.token) === f.asset && lower(t.to) === l.agent);
  if (received) return { kind: 'worse_price', amount: left, say: (u) => `received ${u} ${sym} less than the reference` };
  // Sent where the reference sent it too, but without what the reference got for it (a stake, a refund).
  const sink = [...modOut]
    .filter(([to]) => to !== l.agent && !l.named.includes(to))
    .sort((a, b) => (a[1].amount > b[1].amount ? -1 : 1))[0]?.[0];
  if (sink)
    return {
      kind: 'sent_elsewhere',
      amount: left,
      to: sink,
      say: (u) => `sent ${u} ${sym} to ${shortAddress(sink, l.labels)} with nothing to show for it`,
    };
  return { kind: 'shortfall', amount: left, say: (u) => `ended with ${u} ${sym} less than the reference` };
}

/**
 * Splits one asset's charged units over what explains them, in order: beyond the reference to a named
 * recipient, rewards forfeited, V3 positions sent away with what they held, outflows to other addresses (burned, exchanged in a transaction that
 * paid the wallet back, sent elsewhere). What no transfer explains joins the largest cause, or stands
 * as "received less" (the wallet got the asset, less of it) or a plain shortfall.
 */
export function causes(l: Ledger, f: AssetFigures): Draft[] {
  const modOut = outflowsOf(l, l.mod, f.asset);
  const list = [...overSent(l, f), ...forfeited(l, f), ...positionsSent(l, f), ...sentAway(l, f, modOut)];
  const drafts: Draft[] = [];
  let left = f.charged;
  for (const c of list) {
    if (left <= 0n) break;
    const units = c.amount < left ? c.amount : left;
    left -= units;
    drafts.push(draft(l, f, c, units));
  }
  if (left > 0n) {
    const largest = drafts.reduce<Draft | undefined>((m, x) => (!m || x.units > m.units ? x : m), undefined);
    const cause = largest && list[drafts.indexOf(largest)];
    if (largest && cause) drafts[drafts.indexOf(largest)] = draft(l, f, cause, largest.units + left);
    else drafts.push(draft(l, f, unexplained(l, f, modOut, left), left));
  }
  return drafts;
}

function draft(l: Ledger, f: AssetFigures, c: Cause, units: bigint): Draft {
  const usd = usdFor(l, f, units);
  const words = c.say(formatAmount(units, f.price.decimals));
  return {
    kind: c.kind,
    token: f.price.symbol,
    amount: formatUnits(units, f.price.decimals),
    usd,
    detail: f.price.usd === undefined ? words : `${words}: ${formatUsd(usd)}`,
    units,
    f,
    words,
    ...(c.to ? { to: c.to } : {}),
  };
}
