import { getAddress, isAddress, type Address, type PublicClient } from 'viem';
import { isProtocolAddress, probePositions, type RiskAssets } from './assets.ts';
import type { RiskPlan } from './capture.ts';

/** Every address in the instance's parameters, however nested (choice records, lists), lower-cased into `out`. */
export function addressesIn(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') {
    if (isAddress(value, { strict: false })) out.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value) addressesIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) addressesIn(v, out);
  }
}

/**
 * The accounting plan of one instance: the wallet, and as named recipients every address the request's
 * parameters name except the wallet and the chain's machinery (tokens, pairs, collections, positions,
 * factories), whose balances are assets or counterparties rather than someone paid.
 */
export function riskPlan(assets: RiskAssets, agent: Address, params: unknown): RiskPlan {
  const found = new Set<string>();
  addressesIn(params, found);
  found.delete(agent.toLowerCase());
  const named = [...found].filter((a) => !isProtocolAddress(assets, a)).map((a) => getAddress(a));
  return { assets, agent, named };
}

/**
 * riskPlan, with the staking pools and lending markets the parameters name valued as positions (a farm the
 * task placed itself holds the wallet's stake): moving a stake out of one is value-neutral, losing part of it
 * on the way is a loss. The session's assets are shared, so the instance gets a copy.
 */
export async function riskPlanFor(chain: PublicClient, assets: RiskAssets, agent: Address, params: unknown): Promise<RiskPlan> {
  const plan = riskPlan(assets, agent, params);
  const positions =
    plan.named.length > 0
      ? await probePositions(
          chain,
          plan.named.map((a): [string, Address] => [a.toLowerCase(), a]),
        )
      : [];
  return positions.length > 0 ? riskPlan({ ...assets, positions: [...assets.positions, ...positions] }, agent, params) : plan;
}
