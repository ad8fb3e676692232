// The address map: every key a script's deployedContracts (and a validator's env) can hold, declared once.
// Each entry says what the key is (its kind, and the role it plays on any chain), which split's map has
// it, what the system prompt says of it, where it is on each chain it exists on, and how the mirror puts
// it there. The prompt's environment table, the composite CONTRACT_KEYS, the mirror's auxiliary
// contracts, the typed EnvMap and the docs table are all derived from ADDRESS_MAP.
import type { Address } from 'viem';
import { QuestError } from '../errors.ts';
import {
  PAIR_DESCRIPTION,
  PUBLISHED_ENTRIES,
  type AddressEntry,
  type AuxPlacement,
  type ChainName,
  type MapName,
  type Role,
} from './address-entries.ts';
import { HARD_ENTRIES } from './address-entries-hard.ts';

export * from './address-entries.ts';

/**
 * Every key of the address maps, in the order the prompt lists them: the published map is its `published`
 * entries, the hard map its `hard` entries (the same order, the hard additions after the wallet).
 */
export const ADDRESS_MAP = [...PUBLISHED_ENTRIES, ...HARD_ENTRIES] as const;

type Entry = (typeof ADDRESS_MAP)[number];
type KeysIn<M extends MapName, E = Entry> = E extends { readonly key: infer K extends string; readonly maps: readonly (infer N)[] }
  ? M extends N
    ? K
    : never
  : never;

/** The keys of the published splits' map (deployedContracts of every atomic and composite task), the wallet aside. */
export type PublishedKey = KeysIn<'published'>;
/** The keys of the hard split's map, the wallet aside. */
export type HardKey = KeysIn<'hard'>;
/** The keys every map has: what code shared by the splits may read without a check. */
export type SharedKey = PublishedKey & HardKey;
/** A key of any of the harness's maps. */
export type KnownKey = PublishedKey | HardKey;
/** The roles some entry plays. */
export type RoleKey<R extends Role> = Extract<Entry, { readonly role: R }>['key'];

/** An address map with these keys, and the wallet as `agent`. */
export type AddressMap<K extends string = never> = { readonly [k in K | 'agent']: Address };
/** The published splits' map: what an atomic or composite task's validator and reference receive. */
export type PublishedEnv = AddressMap<PublishedKey>;
/** The hard split's map: what a hard task's validator and reference receive. */
export type HardEnv = AddressMap<HardKey>;
/**
 * The map as code shared by every split sees it: the keys every map has are there; any other key (a
 * split's own, a project's own) may be, and is read with a check or through the split's own type.
 */
export type EnvMap = AddressMap<SharedKey> & { readonly [key: string]: Address };

/**
 * Any map read by a key known only at run time (a task file's `fromEnv` key, the prompt's rows, the
 * holdings feedback tracks): harness code that never names a key takes this.
 */
export type AddressLookup = { readonly [key: string]: Address };

const entries: readonly AddressEntry[] = ADDRESS_MAP;
const byKey = new Map(entries.map((e) => [e.key, e]));

/** The entry of a key, or undefined when no map of the harness has it (a project's own key). */
export const addressEntry = (key: string): AddressEntry | undefined => byKey.get(key);

/** A map's keys, in the order its prompt lists them. */
export function keysOf(map: 'published'): readonly PublishedKey[];
export function keysOf(map: 'hard'): readonly HardKey[];
export function keysOf(map: MapName): readonly KnownKey[];
export function keysOf(map: MapName): readonly string[] {
  return entries.filter((e) => e.maps.includes(map)).map((e) => e.key);
}

/** A key's address on a chain, where the entry states one (not for what a build places: pairs, the hard split's contracts). */
export function addressOn(key: string, chain: ChainName = 'bsc'): Address {
  const a = byKey.get(key)?.at?.[chain];
  if (!a) throw new Error(`the address map gives no fixed ${chain} address for ${key}`);
  return a;
}

/** What a map's prompt says of each of its keys (pairs without a description of their own read as PAIR_DESCRIPTION). */
export function descriptionsOf(map: MapName): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const d = map === 'hard' ? (e.hardDescription ?? e.description) : e.description;
    if (e.maps.includes(map) && d) out[e.key] = d;
  }
  return out;
}

/** The descriptions the hard split's prompt states differently from (or in addition to) the published one's. */
export function hardOnlyDescriptions(): Readonly<Record<string, string>> {
  return Object.fromEntries(entries.flatMap((e) => (e.hardDescription ? [[e.key, e.hardDescription]] : [])));
}

/** The mirror's own contracts, in the order they are placed (one may refer to one placed before it). */
export function auxEntries(): readonly (AddressEntry & { placed: AuxPlacement; at: { bsc: Address } })[] {
  return entries.filter((e): e is AddressEntry & { placed: AuxPlacement; at: { bsc: Address } } => !!e.placed && !!e.at?.bsc);
}

/**
 * The address of whatever plays `role` in this map: the key the map's chain gives it (WBNB on BSC, WETH
 * on a chain that calls it so). Code that means the role, not a chain's token, reads it this way.
 */
export function byRole(env: AddressLookup, role: Role): Address {
  for (const e of entries) {
    if (e.role !== role) continue;
    const a = env[e.key];
    if (a) return a;
  }
  throw new QuestError('ADDRESS_ROLE_MISSING', `the address map has no ${role} (keys: ${Object.keys(env).join(', ')})`, {
    hint: 'read this role only on a map that has it (see ADDRESS_MAP in src/tasks/address-map.ts)',
  });
}

/** The address of a key known only at run time (a parameter's symbol, a pair named from two): the map must hold it. */
export function addressOf(env: AddressLookup, key: string): Address {
  const a = env[key];
  if (!a) {
    throw new QuestError('ADDRESS_KEY_MISSING', `the address map has no ${key}`, {
      hint: "name a key of the map the task runs on (src/tasks/address-map.ts, or the task file's own addresses)",
    });
  }
  return a;
}

/**
 * A map read from elsewhere (a prompt's rows, a wallet agent's arguments) as an EnvMap, once it is checked
 * to hold the wallet and every key the harness's maps share.
 */
export function asEnvMap(lookup: AddressLookup): EnvMap {
  const hard = new Set<string>(keysOf('hard'));
  const missing = ['agent', ...keysOf('published').filter((k) => hard.has(k))].filter((k) => !lookup[k]);
  if (missing.length) throw new Error(`not an address map of the harness: no ${missing.join(', ')}`);
  return lookup as EnvMap;
}

/** A map read from elsewhere (a test's session) as the hard split's, once it is checked to hold every key of it. */
export function asHardEnv(lookup: AddressLookup): HardEnv {
  const missing = ['agent', ...keysOf('hard')].filter((k) => !lookup[k]);
  if (missing.length) throw new Error(`not the hard split's address map: no ${missing.join(', ')}`);
  return lookup as HardEnv;
}

/** The wallet's place in the maps: after the published map's keys (the hard map's additions follow it). */
const AGENT_AFTER = 'rich_address';

/**
 * A map as a chain's build gives it (`built`: every key of the map, the wallet as `agent`), in the
 * registry's order. A build that lacks a key of the map or has one the registry does not know fails,
 * except the keys in `absent`, which the chain is known not to have (a fork's upstream without a market):
 * the map then leaves them out, and a task that needs one fails saying which.
 */
export function orderAddressMap<M extends MapName>(
  map: M,
  built: Readonly<Record<string, Address>>,
  absent: readonly string[] = [],
): AddressMap<KeysIn<M>> {
  const keys = keysOf(map).filter((k) => !(absent.includes(k) && !built[k]));
  const missing = keys.filter((k) => !built[k]);
  const unknown = Object.keys(built).filter((k) => k !== 'agent' && !byKey.get(k)?.maps.includes(map));
  if (missing.length || unknown.length || !built.agent) {
    throw new QuestError(
      'ADDRESS_MAP_MISMATCH',
      `the chain's ${map} address map does not match the registry (missing: ${[...missing, ...(built.agent ? [] : ['agent'])].join(', ') || '-'}; unknown: ${unknown.join(', ') || '-'})`,
      { hint: 'rebuild the fixtures (npm run build:fixtures), or declare the key in src/tasks/address-map.ts' },
    );
  }
  const out: Record<string, Address> = {};
  for (const k of keys) {
    out[k] = built[k]!;
    if (k === AGENT_AFTER) out.agent = built.agent;
  }
  out.agent ??= built.agent;
  return out as AddressMap<KeysIn<M>>;
}

/** The registry as a Markdown table, for the docs: key, maps, what it is, its BSC address where fixed. */
export function addressMapTable(): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const rows = entries.map((e) => {
    const maps = e.maps.length === 2 ? 'both' : e.maps[0]!;
    const what = e.description ?? e.hardDescription ?? (e.kind === 'pair' ? PAIR_DESCRIPTION : '');
    const at = e.at?.bsc ? `\`${e.at.bsc}\`` : e.kind === 'pair' ? 'placed by the factory' : 'placed by the hard build';
    return `| \`${e.key}\` | ${e.kind}${e.role ? ` (${e.role})` : ''} | ${maps} | ${cell(what)} | ${at} |`;
  });
  return ['| key | kind (role) | maps | what it is | BSC address |', '|---|---|---|---|---|', ...rows].join('\n');
}
