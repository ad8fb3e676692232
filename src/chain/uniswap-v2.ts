// Uniswap V2 factory and Router02 compiled from the Solidity sources that @uniswap/v2-core and
// @uniswap/v2-periphery ship, optionally with a fork's differences applied as explicit source edits
// (src/chain/pancake-v2.ts gives PancakeSwap's). Unedited, the build is Uniswap's own release: the
// Base mirror (src/chain/base-spec.ts) places exactly that.
//
// Two guards keep the result honest. Every edit must match its expected number of times, so a changed
// upstream source fails the build instead of quietly compiling Uniswap's arithmetic. And the same
// compilation without the edits must reproduce the packages' published bytecode byte for byte, so
// the edits are the only difference between the compiled contracts and Uniswap's released ones.
// Either way the router's library derives pair addresses from the compiled pair's creation code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { keccak256, type Abi, type Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

export interface UniswapV2Build {
  factory: CompiledContract;
  router: CompiledContract;
  /** The pair contract the factory deploys with CREATE2 (its creation code is embedded in the factory). */
  pair: CompiledContract;
  /** keccak256 of the pair's creation code: the hash the router's library derives pair addresses with. */
  initCodeHash: Hex;
}

/** One textual replacement in one source file of a package, and how many times it must occur. */
export interface SourceEdit {
  /** Path inside the package, e.g. contracts/UniswapV2Pair.sol. */
  file: string;
  find: string;
  replace: string;
  count: number;
}

export interface UniswapV2Edits {
  /** Names the build in errors ("PancakeSwap V2"); "Uniswap V2" by default. */
  label?: string;
  /** Edits to @uniswap/v2-core (pair, LP token, factory). */
  core?: readonly SourceEdit[];
  /** Edits to @uniswap/v2-periphery (router, library), besides the init code hash, which is always set. */
  periphery?: readonly SourceEdit[];
}

/** Uniswap's pair init code hash as written in UniswapV2Library.pairFor. */
export const UNISWAP_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

const LIBRARY = 'contracts/libraries/UniswapV2Library.sol';

/** Counts non-overlapping occurrences of `find` in `text`. */
function occurrences(text: string, find: string): number {
  let n = 0;
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + find.length)) n++;
  return n;
}

/** Applies the edits for one file (`where` names it in errors); throws unless each matches exactly its expected number of times. */
export function applySourceEdits(where: string, source: string, edits: readonly SourceEdit[], label = 'Uniswap V2'): string {
  let out = source;
  for (const e of edits) {
    const found = occurrences(out, e.find);
    if (found !== e.count) {
      throw new Error(
        `${label} source edit failed in ${where}: expected ${e.count} occurrence(s) of "${e.find}", found ${found} ` +
          '(has the installed Uniswap V2 source changed?)',
      );
    }
    out = out.split(e.find).join(e.replace);
  }
  return out;
}

const IMPORT = /^\s*import\s+(?:[^'";]*\bfrom\s+)?['"]([^'"]+)['"]\s*;/gm;

/**
 * Every source unit `entry` reaches through its imports, with the edits applied. Units are named as
 * in the package's own build: its files as contracts/..., dependencies by package path (resolved from
 * the package, so it gets the versions it was published with); relative imports resolve against the
 * importing unit's name, as solc does.
 */
function collectSources(pkg: string, entry: string, edits: readonly SourceEdit[], label: string): Record<string, { content: string }> {
  const home = dirname(require.resolve(`${pkg}/package.json`));
  const sources: Record<string, { content: string }> = {};
  const visit = (unit: string) => {
    if (sources[unit]) return;
    const own = unit.startsWith('contracts/');
    const file = own ? join(home, unit) : require.resolve(unit, { paths: [home] });
    const mine = own ? edits.filter((e) => e.file === unit) : [];
    const content = applySourceEdits(`${pkg}/${unit}`, readFileSync(file, 'utf8'), mine, label);
    sources[unit] = { content };
    for (const m of content.matchAll(IMPORT)) {
      const spec = m[1]!;
      visit(spec.startsWith('./') || spec.startsWith('../') ? posix.normalize(posix.join(posix.dirname(unit), spec)) : spec);
    }
  };
  visit(entry);
  const missed = [...new Set(edits.map((e) => e.file))].filter((f) => !sources[f]);
  if (missed.length) throw new Error(`${label} build: edited files not part of the ${pkg} compilation: ${missed.join(', ')}`);
  return sources;
}

interface Solc {
  compile(input: string): string;
  version(): string;
}
type SolcContracts = Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;

/** Compiles a package's contract with the settings Uniswap released V2 with (optimizer at 999999 runs, istanbul). */
function compile(solcModule: string, pkg: string, entry: string, edits: readonly SourceEdit[], label: string): SolcContracts {
  const solc = require(solcModule) as Solc;
  const input = {
    language: 'Solidity',
    sources: collectSources(pkg, entry, edits, label),
    settings: {
      optimizer: { enabled: true, runs: 999999 },
      evmVersion: 'istanbul',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: SolcContracts;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length || !out.contracts) {
    throw new Error(`solc ${solc.version()} failed on ${pkg}/${entry}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  return out.contracts;
}

function pick(contracts: SolcContracts, unit: string, name: string, label: string): CompiledContract {
  const c = contracts[unit]?.[name];
  if (!c?.evm.bytecode.object) throw new Error(`${label} build: no bytecode for ${name} in ${unit}`);
  if (c.evm.bytecode.object.includes('__')) throw new Error(`${label} build: ${name} has unlinked library references`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/** Throws unless the unedited compilation reproduces the package's published artifact. */
function assertReproduces(compiled: CompiledContract, published: string, label: string): void {
  const want = (require(published) as { bytecode: string }).bytecode.replace(/^0x/, '');
  if (compiled.bytecode.slice(2) !== want) {
    throw new Error(
      `${label} build: compiling the unedited sources does not reproduce ${published}; compiler or settings differ from the release`,
    );
  }
}

const FACTORY = 'contracts/UniswapV2Factory.sol';
const ROUTER = 'contracts/UniswapV2Router02.sol';
const PUBLISHED_FACTORY = '@uniswap/v2-core/build/UniswapV2Factory.json';
const PUBLISHED_ROUTER = '@uniswap/v2-periphery/build/UniswapV2Router02.json';

/**
 * Compiles the factory with its pair (solc 0.5.16), then the router against that pair (solc 0.6.6):
 * the library's pairFor gets the compiled pair's init code hash. First proves that the unedited
 * sources reproduce the published factory and router; with no edits, the result is that release.
 */
export function buildUniswapV2(edits: UniswapV2Edits = {}): UniswapV2Build {
  const label = edits.label ?? 'Uniswap V2';
  const core = (e: readonly SourceEdit[]) => compile('solc-0.5.16', '@uniswap/v2-core', FACTORY, e, label);
  const periphery = (e: readonly SourceEdit[]) => compile('solc-0.6.6', '@uniswap/v2-periphery', ROUTER, e, label);

  assertReproduces(pick(core([]), FACTORY, 'UniswapV2Factory', label), PUBLISHED_FACTORY, label);
  assertReproduces(pick(periphery([]), ROUTER, 'UniswapV2Router02', label), PUBLISHED_ROUTER, label);

  const edited = core(edits.core ?? []);
  const factory = pick(edited, FACTORY, 'UniswapV2Factory', label);
  const pair = pick(edited, 'contracts/UniswapV2Pair.sol', 'UniswapV2Pair', label);
  if (!factory.bytecode.includes(pair.bytecode.slice(2))) throw new Error(`${label} build: the factory does not embed the compiled pair`);
  const initCodeHash = keccak256(pair.bytecode);
  const pairFor: SourceEdit = {
    file: LIBRARY,
    find: `hex'${UNISWAP_INIT_CODE_HASH.slice(2)}'`,
    replace: `hex'${initCodeHash.slice(2)}'`,
    count: 1,
  };
  const router = pick(periphery([...(edits.periphery ?? []), pairFor]), ROUTER, 'UniswapV2Router02', label);
  return { factory, router, pair, initCodeHash };
}
