import { erc20Abi, formatUnits, maxUint256, type Address, type PublicClient } from 'viem';
import type { AddressLookup } from '../tasks/address-map.ts';
import { BSC, chainKey, type ChainProfile } from '../tasks/chain-profile.ts';
import { trackedKeys } from './feedback.ts';

// The hard split's address map adds its own spenders (V3, the Venus markets); the published one has none of them.
const SPENDERS = [
  'router',
  'simple_staking',
  'simple_lp_staking',
  'simple_reward_pool',
  'flashloan_contract',
  'venus',
  'pancake_v3_router',
  'pancake_smart_router',
  'v3_swap_router',
  'v3_position_manager',
  'vUSDT',
  'vBUSD',
  'vCAKE',
  'vWBTC',
];

/** The tokens whose allowances the prompt shows in whole tokens: the published splits' 18-decimal ones, as the chain names them. */
const known18 = (chain: ChainProfile) =>
  new Set(
    ['WBNB', 'USDT', 'BUSD', 'CAKE', 'erc1363_token'].filter((k) => (chain.unitDecimals[k] ?? 18) === 18).map((k) => chainKey(chain, k)),
  );

export interface StandingAllowance {
  token: string;
  spender: string;
  amount: bigint;
}

/**
 * The allowances the wallet has granted, as the instance starts (after the task's own setup, which may
 * remove one it wants the model to grant). The prompt lists them: whether an approve round is needed
 * must be knowable from the request and its environment, not only by spending a round to look.
 */
export async function readStandingAllowances(
  chain: PublicClient,
  env: AddressLookup,
  agent: Address,
  profile: ChainProfile = BSC,
): Promise<StandingAllowance[]> {
  const tokens = trackedKeys(env, profile);
  const spenders = SPENDERS.map((k) => chainKey(profile, k)).filter((k) => env[k]);
  const pairs = tokens.flatMap((token) => spenders.map((spender) => ({ token, spender })));
  const amounts = await Promise.all(
    pairs.map(({ token, spender }) =>
      chain.readContract({ address: env[token]!, abi: erc20Abi, functionName: 'allowance', args: [agent, env[spender]!] }).catch(() => 0n),
    ),
  );
  return pairs.map((p, i) => ({ ...p, amount: amounts[i]! })).filter((a) => a.amount > 0n);
}

export function describeAllowances(list: readonly StandingAllowance[], chain: ChainProfile = BSC): string {
  if (!list.length) return 'none';
  const KNOWN_18 = known18(chain);
  // The published splits' tokens all have 18 decimals on BSC; any other token's allowance (Base's USDC too)
  // is stated in its base units only, so the prompt never tells a token's decimals (the chain does).
  const shown = (a: StandingAllowance) =>
    a.amount >= maxUint256 / 2n
      ? 'unlimited'
      : KNOWN_18.has(a.token) || a.token.startsWith('pair_')
        ? `${formatUnits(a.amount, 18)} (${a.amount} wei)`
        : `${a.amount} base units`;
  return list.map((a) => `${a.token} → ${a.spender}: ${shown(a)}`).join('; ');
}
