// The hard split's address map (deployedContracts) as its chain's build gives it; its keys and their
// descriptions are declared in src/tasks/address-map.ts. It is the published splits' map with two changes beside the additions: the `venus` key is
// gone (in the published splits it labels 0x13f4…8Dd4, which on BSC is PancakeSwap's Smart Router, not
// Venus; here that address keeps its true name, pancake_smart_router, and the real Venus contracts have
// keys of their own), and pancake_v3_router is replaced by the real V3 contracts. Token descriptions
// state no decimals: the chain does (decimals()). Hazard contracts (the honeypot, the injected-name token,
// the lookalike "USDT", the airdrop drainer) are not in the map: tasks name them in the request.
import type { Address } from 'viem';
import {
  addressEntry,
  addressOn,
  hardOnlyDescriptions,
  keysOf,
  orderAddressMap,
  PAIR_DESCRIPTION,
  type HardEnv,
} from '../tasks/address-map.ts';
import type { HardManifest } from './hard-manifest.ts';
import { envMapFrom } from './session.ts';

/** Keys of the published map the hard map drops. */
export const HARD_DROPPED_KEYS: readonly string[] = keysOf('published').filter((k) => !(keysOf('hard') as readonly string[]).includes(k));

/** The hard split's address map on the chain a hard manifest describes, in the registry's order. */
export function hardEnvMap(manifest: HardManifest, agent: Address): HardEnv {
  const base: Record<string, Address> = { ...envMapFrom(manifest, agent) };
  for (const k of HARD_DROPPED_KEYS) delete base[k];
  const h = manifest.hard;
  const listed = Object.entries(h.tokens).filter(([, t]) => t.inAddressMap);
  const listedKeys = new Set([...listed.map(([k]) => k), ...Object.keys(manifest.tokens)]);
  // The Venus markets (lending entries without a role) a fork's upstream does not list, e.g. vWBTC without governance.
  const absentMarkets = keysOf('hard').filter((k) => {
    const e = addressEntry(k);
    return e?.kind === 'lending' && !e.role && !h.venus.markets[k];
  });
  return orderAddressMap(
    'hard',
    {
      ...base,
      ...Object.fromEntries(listed.map(([k, t]) => [k, t.address])),
      ...Object.fromEntries(
        Object.entries(h.pairs)
          .filter(([k]) => k.split('_').every((s) => listedKeys.has(s)))
          .map(([k, v]) => [`pair_${k}`, v]),
      ),
      pancake_smart_router: addressOn('pancake_smart_router'),
      v3_factory: h.v3.factory,
      v3_pool_deployer: h.v3.poolDeployer,
      v3_swap_router: h.v3.swapRouter,
      v3_position_manager: h.v3.positionManager,
      v3_quoter: h.v3.quoterV2,
      v3_tick_lens: h.v3.tickLens,
      venus_comptroller: h.venus.comptroller,
      venus_oracle: h.venus.oracle,
      ...Object.fromEntries(Object.entries(h.venus.markets).map(([k, m]) => [k, m.address])),
    },
    absentMarkets,
  );
}

/**
 * Descriptions of the hard map's keys where they differ from (or are missing in) the published splits'
 * descriptions; the rest (erc1363_token, simple_staking, ...) read as there. Declared in the address map.
 */
export const HARD_DESCRIPTIONS: Readonly<Record<string, string>> = hardOnlyDescriptions();

/** Descriptions of the hard V2 pairs (pair_<A>_<B>). */
export const HARD_PAIR_DESCRIPTION = PAIR_DESCRIPTION;
