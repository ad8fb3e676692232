// Names a recorded transaction's call: which contract of the address map it went to and, where the
// harness knows that contract's ABI, the function and its arguments. Done when a page or annotation is
// built (not when the record is written), so records from any earlier run decode too and a better ABI
// table improves old results without re-running them.
import {
  decodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  isAddress,
  parseAbi,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';
import { AUX_CONTRACTS } from '../../chain/aux-contracts.ts';
import { loadArtifacts } from '../../chain/artifacts.ts';
import type { TxRecord } from '../record.ts';
import type { CallView, TxView } from './model.ts';

// The PancakeSwap V2 (Uniswap V2) interfaces the mirror serves, written out so decoding needs no dev dependency.
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
]);
const FACTORY = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function allPairsLength() view returns (uint256)',
]);
const PAIR = parseAbi([
  ...erc20Abi
    .filter((f) => f.type === 'function')
    .map((f) => `function ${f.name}(${f.inputs.map((i) => `${i.type} ${i.name}`).join(', ')})`),
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
  'function mint(address to)',
  'function burn(address to)',
  'function skim(address to)',
  'function sync()',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
]);

interface Registry {
  /** ABI by address-map key. */
  byKey: Map<string, Abi>;
  /** Every known function by selector, for calls to an address whose ABI is unknown (or a proxy). */
  bySelector: Map<Hex, AbiFunction>;
}

let registry: Registry | undefined;

function loadRegistry(): Registry {
  const artifacts = loadArtifacts();
  const abiOf = (name: string): Abi => (artifacts.get(name)?.abi ?? []) as Abi;
  const byKey = new Map<string, Abi>([
    ['WBNB', abiOf('WBNB')],
    ['USDT', abiOf('MirrorToken')],
    ['BUSD', abiOf('MirrorToken')],
    ['CAKE', abiOf('MirrorToken')],
    ['router', ROUTER],
    ['factory', FACTORY],
  ]);
  for (const c of AUX_CONTRACTS) byKey.set(c.key, abiOf(c.artifact));
  // The proxy forwards every call to its implementation, so its callers use the implementation's ABI.
  byKey.set('proxy', [...abiOf('ValueProxy'), ...abiOf('ValueStore')]);
  const bySelector = new Map<Hex, AbiFunction>();
  for (const abi of [...byKey.values(), PAIR, erc20Abi as Abi]) {
    for (const f of abi) if (f.type === 'function' && !bySelector.has(toFunctionSelector(f))) bySelector.set(toFunctionSelector(f), f);
  }
  return { byKey, bySelector };
}

/** The address map (key → address) of the system prompt's "Environment" block. */
export function addressBook(systemPrompt: string): Map<string, string> {
  const book = new Map<string, string>();
  for (const m of systemPrompt.matchAll(/^ {2}(\w+)\s+(0x[0-9a-fA-F]{40})\b/gm)) book.set(getAddress(m[2]!), m[1]!);
  return book;
}

function abiForKey(key: string): Abi | undefined {
  registry ??= loadRegistry();
  if (key.startsWith('pair_')) return PAIR;
  const abi = registry.byKey.get(key);
  return abi?.length ? abi : undefined;
}

/** An argument as text: integers in full with an 18-decimal reading, addresses with their map key. */
function show(value: unknown, param: AbiParameter | undefined, book: Map<string, string>, agent?: string): string {
  if (typeof value === 'bigint') {
    // Every token here has 18 decimals; a wei reading makes unit mistakes (1.79 vs 1.79e18) visible.
    // (From 10^12 up, so timestamps and small counts stay plain.)
    return value >= 1_000_000_000_000n ? `${value} (${formatUnits(value, 18)} × 10^18)` : value.toString();
  }
  if (typeof value === 'string' && isAddress(value)) return labelAddress(value, book, agent);
  if (Array.isArray(value)) {
    const inner = param && 'components' in param ? undefined : param ? { ...param, type: param.type.replace(/\[\d*\]$/, '') } : undefined;
    return `[${value.map((v) => show(v, inner, book, agent)).join(', ')}]`;
  }
  if (value && typeof value === 'object') return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return String(value);
}

export function labelAddress(address: string, book: Map<string, string>, agent?: string): string {
  const a = isAddress(address) ? getAddress(address) : address;
  if (agent && a.toLowerCase() === agent.toLowerCase()) return `${a} (the wallet)`;
  const key = book.get(a);
  return key ? `${a} (${key})` : a;
}

function decodeCall(data: string, key: string | undefined, book: Map<string, string>, agent?: string): CallView | undefined {
  if (!data || data === '0x' || data.length < 10) return undefined;
  registry ??= loadRegistry();
  const tryAbi = (abi: Abi, via: CallView['via']): CallView | undefined => {
    try {
      const { functionName, args } = decodeFunctionData({ abi, data: data as Hex });
      const fn = abi.find(
        (f): f is AbiFunction =>
          f.type === 'function' && f.name === functionName && toFunctionSelector(f) === data.slice(0, 10).toLowerCase(),
      );
      const inputs = fn?.inputs ?? [];
      return {
        fn: functionName,
        signature: fn ? `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})` : functionName,
        args: (args ?? []).map((v, i) => ({
          name: inputs[i]?.name || `arg${i}`,
          type: inputs[i]?.type ?? '?',
          value: show(v, inputs[i], book, agent),
        })),
        via,
      };
    } catch {
      return undefined;
    }
  };
  const own = key ? abiForKey(key) : undefined;
  const direct = own ? tryAbi(own, 'abi') : undefined;
  if (direct) return direct;
  const f = registry.bySelector.get(data.slice(0, 10).toLowerCase() as Hex);
  return f ? tryAbi([f], 'selector') : undefined;
}

/** A recorded transaction for display: the target named from the address map, value in BNB, the call decoded when known. */
export function describeTx(tx: TxRecord, book: Map<string, string>, agent?: string): TxView {
  const to = isAddress(tx.to) ? getAddress(tx.to) : tx.to;
  const key = book.get(to);
  const call = decodeCall(tx.data, key, book, agent);
  let bnb = tx.value;
  try {
    bnb = formatEther(BigInt(tx.value));
  } catch {
    // A value that is not an integer string stays as recorded.
  }
  return {
    to: labelAddress(to, book, agent),
    value: tx.value,
    valueBnb: bnb,
    data: tx.data,
    status: tx.status,
    gasUsed: tx.gasUsed,
    hash: tx.hash,
    ...(call ? { call } : {}),
  };
}
