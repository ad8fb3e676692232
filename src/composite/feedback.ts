import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import type { EnvMap } from '../tasks/instantiate.ts';

/** Holdings of the agent the harness reports changes of after each transaction. */
function tracked(env: EnvMap): [string, Address][] {
  const keys = ['WBNB', 'USDT', 'BUSD', 'CAKE', 'erc1363_token', ...Object.keys(env).filter((k) => k.startsWith('pair_'))];
  return keys.filter((k) => env[k]).map((k) => [k === 'erc1363_token' ? 'QST' : k.startsWith('pair_') ? `LP ${k.slice(5).replace('_', '/')}` : k, env[k]!]);
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
    if (a !== b) parts.push(`${name} ${a > b ? '+' : '-'}${formatUnits(a > b ? a - b : b - a, 18)} (${a > b ? '+' : '-'}${a > b ? a - b : b - a} wei)`);
  }
  return parts.length ? parts.join(', ') : 'no change in BNB or tracked tokens';
}
