// Round scripts written as ordinary, type-checked functions ("skills") and turned into the reply a model
// would give: the functions' source, their arguments as literals and an executeSkill that calls them.
import type { Address } from 'viem';
import { QuestError } from '../errors.ts';
import { keysOf, type HardKey, type PublishedKey } from '../tasks/address-map.ts';
import type * as Ethers from 'ethers';
import type * as Viem from 'viem';

/** The keys of the address map every script receives (`deployedContracts`), in the prompt's order (src/tasks/address-map.ts). */
export const CONTRACT_KEYS: readonly PublishedKey[] = keysOf('published');
export type ContractKey = PublishedKey;

/** The address map a script receives: every key of its split's map (the published one's by default) is there; a project's own keys may be. */
export type DeployedContracts<K extends string = ContractKey> = Readonly<Record<K, Address>> &
  Readonly<Record<string, Address | undefined>>;
/** The hard split's map as its scripts receive it: `({ deployedContracts }: SkillContext<HardContracts>, args) => ...`. */
export type HardContracts = DeployedContracts<HardKey>;

/** What a skill gets when its script runs: executeSkill's arguments and the two libraries a script may import. */
export interface SkillContext<C extends Readonly<Record<string, Address | undefined>> = DeployedContracts> {
  /** The read-only JSON-RPC endpoint. */
  providerUrl: string;
  /** The wallet the script acts for. */
  agentAddress: Address;
  deployedContracts: C;
  viem: typeof Viem;
  ethers: typeof Ethers;
}

/** The unsigned transaction a round's script returns. */
export interface Tx {
  to: string;
  data?: string;
  value?: bigint;
}

/**
 * A step of a round script: an ordinary function of the script's context and its arguments. It runs
 * alone in the sandbox, so it may use only those two (take viem and ethers from the context) and
 * globals: no import, constant or helper of the module it is written in.
 */
export type Skill<A = any, R = Tx> = (ctx: SkillContext<any>, args: A) => R | Promise<R>;

/** A skill bound to its arguments; its value exists only inside the running script. */
export interface Step<R = unknown> {
  readonly kind: 'questbench.step';
  readonly skill: Skill<any, R>;
  readonly args: unknown;
}

/** A round's whole script: the step whose value is the transaction. */
export type Script = Step<Tx>;

/** A skill's arguments where any of them may be a value the script reads first (see `read`). */
export type StepArgs<A> = { [K in keyof A]: A[K] | Step<A[K]> };

/**
 * A round that runs `skill` with `args` and returns its transaction, e.g.
 * `script(approve, { token: env.USDT, spender: env.router, amount: parseEther(params.amount) })`.
 * The arguments are plain data (strings, numbers, booleans, null, bigints, arrays, objects) or
 * values `read` in the script.
 */
export function script<A extends object>(skill: Skill<A, Tx>, args: StepArgs<A>): Script;
export function script(skill: Skill<Record<string, never>, Tx>): Script;
export function script(skill: Skill<any, Tx>, args: unknown = {}): Script {
  return { kind: 'questbench.step', skill, args };
}

/**
 * A value the script works out when it runs, for another skill's arguments: e.g. the LP a deposit
 * minted, `read(latestLogValue, { address: env.pair_USDT_BUSD, ... })`. One step per argument name and
 * value: a round that passes the same read twice reads once.
 */
export function read<A extends object, R>(skill: Skill<A, R>, args: StepArgs<A>): Step<R>;
export function read<R>(skill: Skill<Record<string, never>, R>): Step<R>;
export function read(skill: Skill<any, unknown>, args: unknown = {}): Step {
  return { kind: 'questbench.step', skill, args };
}

export function isStep(v: unknown): v is Step {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'questbench.step';
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Names the generated executeSkill uses itself. */
const TAKEN = new Set(['executeSkill', 'ctx', 'providerUrl', 'agentAddress', 'deployedContracts', 'viem', 'ethers']);
const LIBRARIES = ['viem', 'ethers'] as const;

/**
 * Names a transform of the module leaves in a function's source when the function uses something
 * outside itself: Vite's rewritten imports, esbuild's keepNames helper, istanbul's counters.
 */
const OUTSIDE = [
  { pattern: /__vite_ssr_(?:dynamic_)?import_/, what: 'an import of its module' },
  { pattern: /\b__name\(/, what: "esbuild's __name helper (the module was built with keepNames, e.g. by tsx)" },
  { pattern: /\bcov_[0-9a-z]+\(\)/, what: 'coverage counters (istanbul instrumentation)' },
];

export class ScriptError extends QuestError {
  override name = 'ScriptError';
  constructor(
    message: string,
    hint = 'a composite reference is built of skills, plain functions of (ctx, args) given plain data; see docs/writing-tasks.md',
  ) {
    super('COMPOSITE_SCRIPT', message, { hint });
  }
}

/**
 * A function's source re-indented as a top-level statement: a function written inside an expression
 * keeps its original indentation after the first line. Left as it is when a template literal could
 * span lines, whose text must not change.
 */
function reindent(source: string): string {
  const lines = source.split('\n');
  if (lines.length < 2 || source.includes('`')) return source;
  const base = /^[ \t]*/.exec(lines.at(-1)!)![0];
  if (!lines.slice(1).every((l) => l.startsWith(base) || l.trim() === '')) return source;
  return [lines[0], ...lines.slice(1).map((l) => l.slice(base.length).replace(/^\t+/, (tabs) => '  '.repeat(tabs.length)))].join('\n');
}

/** The source of a skill as a statement that declares `name`, or why it cannot be one. */
function declaration(skill: Skill<any, unknown>, name: string): string {
  const source = reindent(Function.prototype.toString.call(skill));
  const label = skill.name || 'an anonymous skill';
  for (const o of OUTSIDE) {
    if (o.pattern.test(source)) {
      throw new ScriptError(
        `${label} uses ${o.what}: a skill runs alone in the sandbox, with only its arguments (ctx, args) and globals; take viem and ethers from ctx`,
      );
    }
  }
  if (/^(?:async\s+)?function\b/.test(source)) {
    // A function declaration keeps its own name when it is the one the script calls it by.
    return skill.name === name && /^(?:async\s+)?function\s*\*?\s*[A-Za-z_$]/.test(source) ? source : `const ${name} = ${source};`;
  }
  if (/^(?:async\s*)?(?:\(|[A-Za-z_$][A-Za-z0-9_$]*\s*=>)/.test(source)) return `const ${name} = ${source};`;
  throw new ScriptError(
    `${label} is not a function or arrow function (a method or class cannot be written into a script): ${source.slice(0, 60)}`,
  );
}

/** Writes one script: the skills it uses (each once), the reads in order, then the call that returns the transaction. */
class ScriptWriter {
  private readonly skills = new Map<Skill<any, unknown>, { name: string; source: string }>();
  private readonly names = new Set<string>(TAKEN);
  private readonly reads = new Map<string, string>();
  readonly lines: string[] = [];

  private unique(base: string): string {
    const stem = IDENTIFIER.test(base) ? base : 'value';
    let name = stem;
    for (let i = 2; this.names.has(name); i++) name = `${stem}${i}`;
    this.names.add(name);
    return name;
  }

  /** The name a skill is declared by: its own, else `fallback` (an anonymous arrow has none). */
  skillName(skill: Skill<any, unknown>, fallback: string): string {
    const known = this.skills.get(skill);
    if (known) return known.name;
    const name = this.unique(IDENTIFIER.test(skill.name) ? skill.name : fallback);
    this.skills.set(skill, { name, source: declaration(skill, name) });
    return name;
  }

  /** `name(ctx, args)` for a step; reads among its arguments become constants first. */
  call(step: Step, indent: string, fallback: string): string {
    // Arguments first, so the skills they read with are declared before the one they feed.
    const args = this.literal(step.args, indent, 'args');
    return `${this.skillName(step.skill, fallback)}(ctx, ${args})`;
  }

  /** A read: a constant named after the argument it feeds, computed once per script. */
  private readValue(step: Step, key: string): string {
    const call = this.call(step, '  ', key ? `read${key[0]!.toUpperCase()}${key.slice(1)}` : 'read');
    const known = this.reads.get(call);
    if (known) return known;
    const name = this.unique(key || (IDENTIFIER.test(step.skill.name) ? step.skill.name : 'value'));
    this.lines.push(`  const ${name} = await ${call};`);
    this.reads.set(call, name);
    return name;
  }

  literal(v: unknown, indent: string, key: string): string {
    if (isStep(v)) return this.readValue(v, key);
    switch (typeof v) {
      case 'bigint':
        return `${v}n`;
      case 'string':
      case 'boolean':
        return JSON.stringify(v);
      case 'number':
        if (!Number.isFinite(v)) throw new ScriptError(`argument ${key || '(array item)'} is ${v}, which a script cannot hold`);
        return Object.is(v, -0) ? '0' : String(v);
      case 'object': {
        if (v === null) return 'null';
        const inner = `${indent}  `;
        if (Array.isArray(v)) {
          const items = v.map((x) => this.literal(x, inner, ''));
          return wrap('[', items, ']', indent);
        }
        const proto = Object.getPrototypeOf(v) as unknown;
        if (proto !== Object.prototype && proto !== null)
          throw new ScriptError(
            `argument ${key || '(array item)'} is a ${(v as object).constructor?.name ?? 'non-plain object'}, not plain data`,
          );
        const items = Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .map(([k, x]) => {
            const value = this.literal(x, inner, k);
            const name = IDENTIFIER.test(k) ? k : JSON.stringify(k);
            return isStep(x) && value === k ? k : `${name}: ${value}`;
          });
        return wrap('{ ', items, ' }', indent);
      }
      default:
        throw new ScriptError(
          `argument ${key || '(array item)'} is ${typeof v === 'function' ? 'a function (pass a skill through read())' : typeof v}, not plain data`,
        );
    }
  }

  imports(): string[] {
    const sources = [...this.skills.values()].map((s) => s.source).join('\n');
    return LIBRARIES.filter((lib) => new RegExp(`\\b${lib}\\b`).test(sources));
  }

  declarations(): string[] {
    return [...this.skills.values()].map((s) => s.source);
  }
}

/** Items on one line when short, else one per line. */
function wrap(open: string, items: string[], close: string, indent: string): string {
  if (items.length === 0) return open.trim() + close.trim();
  const line = `${open}${items.join(', ')}${close}`;
  if (line.length <= 100 && !line.includes('\n')) return line;
  return `${open.trim()}\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}${close.trim()}`;
}

/** The TypeScript module a model would reply with for this round: the skills, then executeSkill calling them. */
export function scriptSource(s: Script): string {
  const w = new ScriptWriter();
  const result = w.call(s, '  ', 'skill');
  const libs = w.imports();
  const ctx = ['providerUrl', 'agentAddress', 'deployedContracts', ...libs].join(', ');
  return [
    ...libs.map((lib) => `import * as ${lib} from '${lib}';`),
    ...(libs.length ? [''] : []),
    ...w.declarations().flatMap((d) => [d, '']),
    'export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {',
    `  const ctx = { ${ctx} };`,
    ...w.lines,
    `  return ${result};`,
    '}',
  ].join('\n');
}

/** The reply for a round script: its module in a typescript block. */
export const scriptReply = (s: Script): string => `\`\`\`typescript\n${scriptSource(s)}\n\`\`\``;
