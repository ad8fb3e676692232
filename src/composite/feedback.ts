import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import type { EnvMap } from '../tasks/instantiate.ts';

/** The env keys of the tokens the harness tracks for the agent (those the instance has): the listed ones, then the LP pairs. */
export function trackedKeys(env: EnvMap): string[] {
  return ['WBNB', 'USDT', 'BUSD', 'CAKE', 'erc1363_token', ...Object.keys(env).filter((k) => k.startsWith('pair_'))].filter((k) => env[k]);
}

/** Holdings of the agent the harness reports changes of after each transaction, by display name. */
function tracked(env: EnvMap): [string, Address][] {
  return trackedKeys(env).map((k) => [k === 'erc1363_token' ? 'QST' : k.startsWith('pair_') ? `LP ${k.slice(5).replace('_', '/')}` : k, env[k]!]);
}

export type Holdings = Map<string, bigint>;

export async function readHoldings(chain: PublicClient, env: EnvMap, agent: Address): Promise<Holdings> {
  const list = tracked(env);
  const [bnb, ...tokens] = await Promise.all([
    chain.getBalance({ address: agent }),
    ...list.map(([, token]) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [agent] }).catch(() => 0n)),
  ]);
  return new Map([['BNB', bnb], ...list.map(([name], i) => [name, tokens[i]!] as [string, bigint])]);
}

export function describeChanges(before: Holdings, after: Holdings): string {
  const parts: string[] = [];
  for (const [name, b] of before) {
    const a = after.get(name) ?? 0n;
    // Exact: the formatted amount and, in parentheses, the raw integer (wei) a report would use.
    if (a === b) continue;
    const sign = a > b ? '+' : '-';
    const delta = a > b ? a - b : b - a;
    parts.push(`${name} ${sign}${formatUnits(delta, 18)} (${sign}${delta} wei)`);
  }
  return parts.length ? parts.join(', ') : 'no change in BNB or tracked tokens';
}
