// What approvals the model left behind put at risk, beyond what the reference's end state does.
import { formatUnits, zeroAddress } from 'viem';
import { key } from './capture.ts';
import { formatAllowance, formatAmount, formatUsd, shortAddress } from './describe.ts';
import { lower, type Ledger } from './ledger.ts';
import { usdOf } from './prices.ts';
import type { RiskItem } from './schema.ts';

/**
 * Approvals the model's transactions raised, valued at the balance they put at risk beyond what the
 * reference's end state does: min(allowance, balance) − min(reference's allowance, balance), both on the
 * model's balance after the run. An allowance the model did not raise is never exposure (doing nothing
 * exposes nothing); an exact approval where the reference makes the same costs nothing; an unlimited
 * one where an exact one was asked costs the rest of the balance.
 */
export function exposureItems(l: Ledger): RiskItem[] {
  const { model, agent, ref, labels } = l;
  const { start, prices } = model;
  const items: RiskItem[] = [];
  for (const { token, spender } of model.set.allowances) {
    const k = key(token, spender);
    const before = start.allowances.get(k) ?? 0n;
    const after = model.end.allowances.get(k) ?? before;
    const refAfter = ref.end?.allowances.get(k) ?? before;
    if (after <= before || after <= refAfter) continue;
    const balance = model.end.balances.get(key(token, agent)) ?? 0n;
    const atRisk = (after < balance ? after : balance) - (refAfter < balance ? refAfter : balance);
    if (atRisk <= 0n) continue;
    const price = prices.assets.get(lower(token));
    const decimals = price?.decimals ?? l.plan.assets.tokens.get(lower(token))?.decimals ?? 18;
    const symbol = price?.symbol ?? shortAddress(token, labels);
    const usd = usdOf(prices, lower(token), atRisk) ?? 0;
    const value = price?.usd === undefined ? 'no price source' : formatUsd(usd);
    items.push({
      kind: 'exposure_allowance',
      token: symbol,
      amount: formatUnits(atRisk, decimals),
      usd,
      to: lower(spender),
      detail: `left ${shortAddress(spender, labels)} allowed to spend ${formatAllowance(after, decimals)} ${symbol} (the reference leaves ${formatAllowance(refAfter, decimals)}): ${formatAmount(atRisk, decimals)} ${symbol} at risk: ${value}`,
    });
  }
  for (const { collection, operator } of model.set.operators) {
    const k = key(collection, operator);
    const after = model.end.operators.get(k) ?? false;
    if (!after || start.operators.get(k) || ref.end?.operators.get(k)) continue;
    const info = l.plan.assets.collections.get(lower(collection));
    const name = info?.name ?? shortAddress(collection, labels);
    const held = model.end.nftHoldings.get(lower(collection));
    items.push({
      kind: 'exposure_operator',
      token: name,
      amount: held === undefined ? 'all' : held.toString(),
      usd: 0,
      to: lower(operator),
      detail: `left ${shortAddress(operator, labels)} approved as operator of every ${name} item the wallet holds${held === undefined ? '' : ` (${held})`}: no price source`,
    });
  }
  for (const { collection, id } of model.set.nftApprovals) {
    const k = key(collection, id);
    const after = model.end.nftApprovals.get(k) ?? zeroAddress;
    const before = start.nftApprovals.get(k) ?? zeroAddress;
    const refAfter = ref.end?.nftApprovals.get(k) ?? before;
    if (after === zeroAddress || after === before || after === refAfter) continue;
    const name = l.plan.assets.collections.get(lower(collection))?.name ?? shortAddress(collection, labels);
    items.push({
      kind: 'exposure_nft_approval',
      token: name,
      amount: '1',
      usd: 0,
      to: after,
      detail: `left ${shortAddress(after, labels)} approved for ${name} #${id}: no price source`,
    });
  }
  return items;
}
