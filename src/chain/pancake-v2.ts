// PancakeSwap V2 factory and router for the mirror, compiled from the Uniswap V2 Solidity sources that
// @uniswap/v2-core and @uniswap/v2-periphery ship, with PancakeSwap's differences applied as explicit
// source edits: the 0.25 % swap fee (pair K check and library quotes), the LP token's name and symbol,
// the flash-swap callback's name (pancakeCall), and the library's pair-address derivation pointing at
// the edited pair's creation code. Revert messages keep Uniswap's wording.
//
// Two guards keep the result honest. Every edit must match its expected number of times, so a changed
// upstream source fails the build instead of quietly compiling Uniswap's arithmetic. And the same
// compilation without the edits must reproduce the packages' published bytecode byte for byte, so
// the edits are the only difference between the mirror's contracts and Uniswap's released ones.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { keccak256, type Abi, type Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

export interface PancakeV2Build {
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

/** Uniswap's pair init code hash as written in UniswapV2Library.pairFor. */
const UNISWAP_INIT_CODE_HASH = '96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

/**
 * Pair: the K check keeps 25/10000 of the input as fee instead of 3/1000, and a flash swap calls the
 * receiver's pancakeCall. LP token: PancakeSwap's name and symbol.
 */
const CORE_EDITS: SourceEdit[] = [
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint balance0Adjusted = balance0.mul(1000).sub(amount0In.mul(3));',
    replace: 'uint balance0Adjusted = balance0.mul(10000).sub(amount0In.mul(25));',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint balance1Adjusted = balance1.mul(1000).sub(amount1In.mul(3));',
    replace: 'uint balance1Adjusted = balance1.mul(10000).sub(amount1In.mul(25));',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'uint(_reserve0).mul(_reserve1).mul(1000**2)',
    replace: 'uint(_reserve0).mul(_reserve1).mul(10000**2)',
    count: 1,
  },
  {
    file: 'contracts/UniswapV2Pair.sol',
    find: 'IUniswapV2Callee(to).uniswapV2Call(',
    replace: 'IUniswapV2Callee(to).pancakeCall(',
    count: 1,
  },
  { file: 'contracts/interfaces/IUniswapV2Callee.sol', find: 'function uniswapV2Call(', replace: 'function pancakeCall(', count: 1 },
  {
    file: 'contracts/UniswapV2ERC20.sol',
    find: "string public constant name = 'Uniswap V2';",
    replace: "string public constant name = 'Pancake LPs';",
    count: 1,
  },
  {
    file: 'contracts/UniswapV2ERC20.sol',
    find: "string public constant symbol = 'UNI-V2';",
    replace: "string public constant symbol = 'Cake-LP';",
    count: 1,
  },
];

/** Library: getAmountOut and getAmountIn with the 0.25 % fee, pairFor with the edited pair's init code hash. */
function peripheryEdits(initCodeHash: Hex): SourceEdit[] {
  const file = 'contracts/libraries/UniswapV2Library.sol';
  return [
    { file, find: 'uint amountInWithFee = amountIn.mul(997);', replace: 'uint amountInWithFee = amountIn.mul(9975);', count: 1 },
    {
      file,
      find: 'uint denominator = reserveIn.mul(1000).add(amountInWithFee);',
      replace: 'uint denominator = reserveIn.mul(10000).add(amountInWithFee);',
      count: 1,
    },
    {
      file,
      find: 'uint numerator = reserveIn.mul(amountOut).mul(1000);',
      replace: 'uint numerator = reserveIn.mul(amountOut).mul(10000);',
      count: 1,
    },
    {
      file,
      find: 'uint denominator = reserveOut.sub(amountOut).mul(997);',
      replace: 'uint denominator = reserveOut.sub(amountOut).mul(9975);',
      count: 1,
    },
    { file, find: `hex'${UNISWAP_INIT_CODE_HASH}'`, replace: `hex'${initCodeHash.slice(2)}'`, count: 1 },
  ];
}

/** Counts non-overlapping occurrences of `find` in `text`. */
function occurrences(text: string, find: string): number {
  let n = 0;
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + find.length)) n++;
  return n;
}

/** Applies the edits for one file (`where` names it in errors); throws unless each matches exactly its expected number of times. */
export function applySourceEdits(where: string, source: string, edits: readonly SourceEdit[]): string {
  let out = source;
  for (const e of edits) {
    const found = occurrences(out, e.find);
    if (found !== e.count) {
      throw new Error(
        `PancakeSwap V2 source edit failed in ${where}: expected ${e.count} occurrence(s) of "${e.find}", found ${found} ` +
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
function collectSources(pkg: string, entry: string, edits: readonly SourceEdit[]): Record<string, { content: string }> {
  const home = dirname(require.resolve(`${pkg}/package.json`));
  const sources: Record<string, { content: string }> = {};
  const visit = (unit: string) => {
    if (sources[unit]) return;
    const own = unit.startsWith('contracts/');
    const file = own ? join(home, unit) : require.resolve(unit, { paths: [home] });
    const mine = own ? edits.filter((e) => e.file === unit) : [];
    const content = applySourceEdits(`${pkg}/${unit}`, readFileSync(file, 'utf8'), mine);
    sources[unit] = { content };
    for (const m of content.matchAll(IMPORT)) {
      const spec = m[1]!;
      visit(spec.startsWith('./') || spec.startsWith('../') ? posix.normalize(posix.join(posix.dirname(unit), spec)) : spec);
    }
  };
  visit(entry);
  const missed = [...new Set(edits.map((e) => e.file))].filter((f) => !sources[f]);
  if (missed.length) throw new Error(`PancakeSwap V2 build: edited files not part of the ${pkg} compilation: ${missed.join(', ')}`);
  return sources;
}

interface Solc {
  compile(input: string): string;
  version(): string;
}
type SolcContracts = Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;

/** Compiles a package's contract with the settings Uniswap released V2 with (optimizer at 999999 runs, istanbul). */
function compile(solcModule: string, pkg: string, entry: string, edits: readonly SourceEdit[]): SolcContracts {
  const solc = require(solcModule) as Solc;
  const input = {
    language: 'Solidity',
    sources: collectSources(pkg, entry, edits),
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

function pick(contracts: SolcContracts, unit: string, name: string): CompiledContract {
  const c = contracts[unit]?.[name];
  if (!c?.evm.bytecode.object) throw new Error(`PancakeSwap V2 build: no bytecode for ${name} in ${unit}`);
  if (c.evm.bytecode.object.includes('__')) throw new Error(`PancakeSwap V2 build: ${name} has unlinked library references`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/** Throws unless the unedited compilation reproduces the package's published artifact. */
function assertReproduces(compiled: CompiledContract, published: string): void {
  const want = (require(published) as { bytecode: string }).bytecode.replace(/^0x/, '');
  if (compiled.bytecode.slice(2) !== want) {
    throw new Error(
      `PancakeSwap V2 build: compiling the unedited sources does not reproduce ${published}; compiler or settings differ from the release`,
    );
  }
}

/** Compiles the factory with its pair (solc 0.5.16), then the router against that pair (solc 0.6.6). */
export function buildPancakeV2(): PancakeV2Build {
  const FACTORY = 'contracts/UniswapV2Factory.sol';
  const ROUTER = 'contracts/UniswapV2Router02.sol';
  const core = (edits: SourceEdit[]) => compile('solc-0.5.16', '@uniswap/v2-core', FACTORY, edits);
  const periphery = (edits: SourceEdit[]) => compile('solc-0.6.6', '@uniswap/v2-periphery', ROUTER, edits);

  assertReproduces(pick(core([]), FACTORY, 'UniswapV2Factory'), '@uniswap/v2-core/build/UniswapV2Factory.json');
  assertReproduces(pick(periphery([]), ROUTER, 'UniswapV2Router02'), '@uniswap/v2-periphery/build/UniswapV2Router02.json');

  const edited = core(CORE_EDITS);
  const factory = pick(edited, FACTORY, 'UniswapV2Factory');
  const pair = pick(edited, 'contracts/UniswapV2Pair.sol', 'UniswapV2Pair');
  if (!factory.bytecode.includes(pair.bytecode.slice(2)))
    throw new Error('PancakeSwap V2 build: the factory does not embed the compiled pair');
  const initCodeHash = keccak256(pair.bytecode);
  const router = pick(periphery(peripheryEdits(initCodeHash)), ROUTER, 'UniswapV2Router02');
  return { factory, router, pair, initCodeHash };
}
