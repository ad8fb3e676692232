import { formatUnits, getAddress, parseUnits, toHex, type Address } from 'viem';
import { QuestError } from '../errors.ts';
import { createRng, deriveSeed, type Rng } from './prng.ts';
import { placeholders, templatesOn, type AtomicTask, type ParamSpec } from './schema.ts';
import { AMOUNT_UNITS, BSC, DEFAULT_CHAIN, inChainTerms, type AmountUnit, type ChainProfile } from './chain-profile.ts';

import type { AddressLookup } from './address-map.ts';

/** Addresses a task may reference by key (declared in address-map.ts): tokens, DEX, pairs, auxiliary contracts, the agent. */
export type { EnvMap } from './address-map.ts';

export type ParamValue = string | number | boolean | null | Record<string, unknown> | unknown[];
export type Params = Record<string, ParamValue>;

export interface Instance {
  taskId: string;
  round: number;
  seed: number;
  templateIndex: number;
  params: Params;
  /** The rendered request, exactly as the model sees it. */
  instruction: string;
}

const CHARSETS = {
  alphanumeric: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  alpha: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
};
const WORDS = [
  'moon',
  'river',
  'stone',
  'amber',
  'pixel',
  'harbor',
  'quiet',
  'ember',
  'lotus',
  'cedar',
  'orbit',
  'maple',
  'delta',
  'frost',
  'signal',
  'meadow',
];

function envAddress(env: AddressLookup, key: string, taskId: string): Address {
  const a = env[key];
  if (!a)
    throw new QuestError(
      'TASK_ADDRESS',
      `task ${taskId}: environment has no address "${key}" (known: ${Object.keys(env).sort().join(', ')})`,
      {
        hint: 'use a key of the split\'s address map (docs/internals.md lists them) or declare it under the task\'s "addresses"',
      },
    );
  return a;
}

/** How an amount in `unit` converts to `chain` (from BSC): a fraction, and the decimals to show it with. */
function unitScale(unit: AmountUnit, decimals: number, chain: ChainProfile): { num: bigint; den: bigint; decimals: number } | undefined {
  if (chain.id === BSC.id) return undefined;
  const from = BSC.usd[unit]!;
  const to = chain.usd[unit]!;
  const ratio = from / to;
  const cap = chain.unitDecimals[unit] ?? 18;
  return {
    // The ratio as a fraction of integers, exact for prices given to six decimals.
    num: BigInt(Math.round(from * 1e6)),
    den: BigInt(Math.round(to * 1e6)),
    // One more decimal per tenfold the unit gained in price, none beyond the unit's token decimals there.
    decimals: Math.min(cap, decimals + Math.max(0, Math.ceil(-Math.log10(ratio) - 1e-9))),
  };
}

/** `v` (a decimal string) times the scale, rounded to its decimals and never below one of its last digit (unless 0). */
function scaled(v: string, k: { num: bigint; den: bigint; decimals: number }): bigint {
  const x = (parseUnits(v, k.decimals) * k.num + k.den / 2n) / k.den;
  return x > 0n || parseUnits(v, k.decimals) === 0n ? x : 1n;
}

/**
 * An amount's range on `chain`, scaled by the USD price of its unit there against BSC's, so a request moves
 * about the value it moves on BSC. An amount whose unit follows a choice is scaled once it is drawn (withUnitOf).
 */
export function scaledRange(
  spec: Extract<ParamSpec, { kind: 'amount' }>,
  chain: ChainProfile,
): { lo: bigint; hi: bigint; decimals: number } {
  const k = typeof spec.unit === 'string' ? unitScale(spec.unit, spec.decimals, chain) : undefined;
  if (!k) return { lo: parseUnits(spec.min, spec.decimals), hi: parseUnits(spec.max, spec.decimals), decimals: spec.decimals };
  return { lo: scaled(spec.min, k), hi: scaled(spec.max, k), decimals: k.decimals };
}

/**
 * The amounts whose unit is the token a choice parameter drew (`"unit": { "of": "token" }`, or `"field":
 * "sellAddress"` to name which of the option's tokens), scaled once
 * everything is drawn: drawn in BSC's range (so the draws are BSC's), then converted at the drawn token's
 * price. A token that is no amount unit (a task contract's own token) keeps its amount.
 */
function withUnitOf(task: Pick<AtomicTask, 'parameters'>, params: Params, env: AddressLookup, chain: ChainProfile): void {
  if (chain.id === BSC.id) return;
  for (const [name, spec] of Object.entries(task.parameters)) {
    if (spec.kind !== 'amount' || typeof spec.unit !== 'object') continue;
    const picked = params[spec.unit.of] as Record<string, unknown> | undefined;
    const field = spec.unit.field;
    const values = new Set(field ? [picked?.[field]] : Object.values(picked ?? {}));
    const unit = AMOUNT_UNITS.find((u) => u !== 'native' && env[u] !== undefined && values.has(env[u]));
    const k = unit ? unitScale(unit, spec.decimals, chain) : undefined;
    if (k) params[name] = formatUnits(scaled(params[name] as string, k), k.decimals);
  }
}

function sample(spec: ParamSpec, rng: Rng, env: AddressLookup, taskId: string, name: string, chain: ChainProfile): ParamValue {
  switch (spec.kind) {
    case 'address':
      if (spec.source === 'env') return envAddress(env, spec.key!, taskId);
      if (spec.source === 'fixed') return getAddress(spec.value!);
      return getAddress(toHex(rng.bytes(20)));
    case 'amount': {
      // Exact decimal arithmetic: the prompt and the validator see the same string, no float rounding.
      const lo = parseUnits(spec.min, spec.decimals);
      const hi = parseUnits(spec.max, spec.decimals);
      if (formatUnits(lo, spec.decimals) !== trimDecimal(spec.min) || formatUnits(hi, spec.decimals) !== trimDecimal(spec.max)) {
        throw new QuestError('TASK_PARAMETER', `task ${taskId}: parameter ${name} bounds have more than ${spec.decimals} decimals`, {
          hint: `give ${name}'s min and max with at most ${spec.decimals} decimals, or raise its "decimals"`,
        });
      }
      const range = scaledRange(spec, chain);
      return formatUnits(rng.bigintBetween(range.lo, range.hi), range.decimals);
    }
    case 'integer': {
      const steps = Math.floor((spec.max - spec.min) / spec.step);
      return spec.min + rng.intBetween(0, steps) * spec.step;
    }
    case 'choice': {
      const pick = spec.options[rng.intBetween(0, spec.options.length - 1)]!;
      return Object.fromEntries(
        Object.entries(pick).map(([k, v]) => [k, typeof v === 'object' && v !== null ? envAddress(env, v.env, taskId) : v]),
      );
    }
    case 'string': {
      if (spec.charset === 'words') {
        const out: string[] = [];
        while (out.join(' ').length < spec.length) out.push(WORDS[rng.intBetween(0, WORDS.length - 1)]!);
        return out.join(' ');
      }
      const cs = CHARSETS[spec.charset];
      return Array.from({ length: spec.length }, () => cs[rng.intBetween(0, cs.length - 1)]).join('');
    }
    case 'fixed':
      return spec.value as ParamValue;
    case 'derived':
      return null; // filled in by the validator's derive() before the prompt is rendered
  }
}

function trimDecimal(s: string): string {
  if (!s.includes('.')) return s.replace(/^0+(?=\d)/, '');
  return s
    .replace(/^0+(?=\d)/, '')
    .replace(/0+$/, '')
    .replace(/\.$/, '');
}

export function render(template: string, params: Params): string {
  let out = template;
  for (const ph of placeholders(template)) {
    const v = params[ph.name];
    const shown = ph.field ? (v as Record<string, unknown>)[ph.field] : v;
    out = out.replace(`{${ph.name}${ph.field ? `.${ph.field}` : ''}}`, () => String(shown)); // literal, even with '$'
  }
  return out;
}

type Templated = Pick<AtomicTask, 'templates' | 'onChain'>;

/** Template `index` of a task filled in on `chain`: the chain's own template as written, or BSC's said in the chain's words. */
export function renderOn(chain: ChainProfile, task: Templated, index: number, params: Params): string {
  const { templates, own } = templatesOn(task, chain.id);
  const text = render(templates[index]!, params);
  return own ? text : inChainTerms(chain, text);
}

/** Merges validator-derived values into an instance and renders its instruction again. */
export function withDerived(
  task: Pick<AtomicTask, 'id' | 'templates' | 'parameters' | 'onChain'>,
  instance: Instance,
  derived: Params,
  chain: ChainProfile = DEFAULT_CHAIN,
): Instance {
  const expected = Object.entries(task.parameters)
    .filter(([, s]) => s.kind === 'derived')
    .map(([k]) => k);
  const missing = expected.filter((k) => derived[k] === undefined || derived[k] === null);
  const unknown = Object.keys(derived).filter((k) => !expected.includes(k));
  if (missing.length || unknown.length) {
    throw new QuestError(
      'TASK_DERIVE',
      `task ${task.id}: derive() must return exactly the derived parameters (missing: ${missing.join(', ') || '-'}; unknown: ${unknown.join(', ') || '-'})`,
      { hint: 'return one value for each parameter the task file declares with "kind": "derived", and nothing else' },
    );
  }
  const params = { ...instance.params, ...derived };
  return { ...instance, params, instruction: renderOn(chain, task, instance.templateIndex, params) };
}

/**
 * Picks a template and samples every parameter from the instance's own seeded stream. Parameters
 * are drawn in sorted-name order so adding a template never shifts the values of existing ones.
 */
export function instantiate(
  task: Pick<AtomicTask, 'id' | 'templates' | 'parameters' | 'onChain'>,
  opts: { runSeed: number; round: number; env: AddressLookup; chain?: ChainProfile },
): Instance {
  const chain = opts.chain ?? DEFAULT_CHAIN;
  const seed = deriveSeed(opts.runSeed, task.id, opts.round);
  const rng = createRng(seed);
  const params: Params = {};
  for (const name of Object.keys(task.parameters).sort()) {
    params[name] = sample(task.parameters[name]!, rng, opts.env, task.id, name, chain);
  }
  withUnitOf(task, params, opts.env, chain);
  const templateIndex = rng.intBetween(0, task.templates.length - 1);
  return {
    taskId: task.id,
    round: opts.round,
    seed,
    templateIndex,
    params,
    instruction: renderOn(chain, task, templateIndex, params),
  };
}
