// PancakeSwap V3 for validators: the contracts' ABIs, quotes at a block, and the swaps a router call
// makes (through multicall too), decoded to check what a request fixes (tier, path, minimum).
import { decodeFunctionData, isAddressEqual, type Address, type Hex, type PublicClient } from 'viem';
import { V3_FACTORY_ABI, V3_POOL_ABI, V3_POSITION_MANAGER_ABI, V3_QUOTER_ABI, V3_ROUTER_ABI } from '../chain/hard-abis.ts';
import { QuestError } from '../errors.ts';
import { minOutVsQuote } from './dex.ts';
import type { CheckResult } from './types.ts';

export { V3_FACTORY_ABI, V3_POOL_ABI, V3_POSITION_MANAGER_ABI, V3_QUOTER_ABI, V3_ROUTER_ABI };

export const UINT128_MAX = 2n ** 128n - 1n;

/** A V3 path: token, fee, token, ... packed (20 + 3 + 20 ... bytes). */
export function encodeV3Path(tokens: readonly Address[], fees: readonly number[]): Hex {
  if (tokens.length !== fees.length + 1) {
    throw new QuestError('V3_PATH', 'a path has one more token than fees', {
      hint: `give one fee tier per hop: ${tokens.length} tokens take ${Math.max(tokens.length - 1, 0)} fees, got ${fees.length}`,
    });
  }
  let out = tokens[0]!.slice(2).toLowerCase();
  for (const [i, f] of fees.entries()) out += f.toString(16).padStart(6, '0') + tokens[i + 1]!.slice(2).toLowerCase();
  return `0x${out}`;
}

export function decodeV3Path(path: Hex): { tokens: Address[]; fees: number[] } | undefined {
  const hex = path.slice(2);
  if (hex.length < 40 || (hex.length - 40) % 46 !== 0) return undefined;
  const tokens: Address[] = [`0x${hex.slice(0, 40)}`];
  const fees: number[] = [];
  for (let i = 40; i < hex.length; i += 46) {
    fees.push(parseInt(hex.slice(i, i + 6), 16));
    tokens.push(`0x${hex.slice(i + 6, i + 46)}`);
  }
  return { tokens, fees };
}

export type V3RouterCall = ReturnType<typeof decodeFunctionData<typeof V3_ROUTER_ABI>>;

/** Every call a SwapRouter transaction makes, multicall unpacked; [] when the data is not the router's. */
export function routerCalls(data: Hex): V3RouterCall[] {
  let call: V3RouterCall;
  try {
    call = decodeFunctionData({ abi: V3_ROUTER_ABI, data });
  } catch {
    return [];
  }
  if (call.functionName !== 'multicall') return [call];
  return (call.args[0] as readonly Hex[]).flatMap(routerCalls);
}

/** The single swap of a router transaction, if it makes exactly one of the named kind. */
export function soleRouterSwap<N extends V3RouterCall['functionName']>(
  data: Hex,
  name: N,
): Extract<V3RouterCall, { functionName: N }> | undefined {
  const swaps = routerCalls(data).filter((c) => c.functionName.startsWith('exact'));
  return swaps.length === 1 && swaps[0]!.functionName === name ? (swaps[0] as Extract<V3RouterCall, { functionName: N }>) : undefined;
}

const block = (blockNumber?: bigint) => (blockNumber === undefined ? {} : { blockNumber });

export async function quoteExactInputSingle(
  chain: PublicClient,
  quoter: Address,
  q: { tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint },
  blockNumber?: bigint,
): Promise<bigint> {
  const { result } = await chain.simulateContract({
    address: quoter,
    abi: V3_QUOTER_ABI,
    functionName: 'quoteExactInputSingle',
    args: [{ ...q, sqrtPriceLimitX96: 0n }],
    ...block(blockNumber),
  });
  return result[0];
}

export async function quoteExactOutputSingle(
  chain: PublicClient,
  quoter: Address,
  q: { tokenIn: Address; tokenOut: Address; fee: number; amount: bigint },
  blockNumber?: bigint,
): Promise<bigint> {
  const { result } = await chain.simulateContract({
    address: quoter,
    abi: V3_QUOTER_ABI,
    functionName: 'quoteExactOutputSingle',
    args: [{ ...q, sqrtPriceLimitX96: 0n }],
    ...block(blockNumber),
  });
  return result[0];
}

export async function quoteExactInput(
  chain: PublicClient,
  quoter: Address,
  path: Hex,
  amountIn: bigint,
  blockNumber?: bigint,
): Promise<bigint> {
  const { result } = await chain.simulateContract({
    address: quoter,
    abi: V3_QUOTER_ABI,
    functionName: 'quoteExactInput',
    args: [path, amountIn],
    ...block(blockNumber),
  });
  return result[0];
}

/** What collecting everything would pay a position's owner now (an eth_call of collect from the owner). */
export async function collectable(chain: PublicClient, manager: Address, owner: Address, tokenId: bigint): Promise<[bigint, bigint]> {
  const { result } = await chain.simulateContract({
    account: owner,
    address: manager,
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'collect',
    args: [{ tokenId, recipient: owner, amount0Max: UINT128_MAX, amount1Max: UINT128_MAX }],
  });
  return [result[0], result[1]];
}

/** PancakeSwap V3's fee tiers (the factory's feeAmountTickSpacing). */
export const V3_FEE_TIERS = [100, 500, 2500, 10000] as const;

/** The tier whose pool for the pair has the most in-range liquidity now ("the pool with the most liquidity"). */
export async function deepestTier(chain: PublicClient, factory: Address, a: Address, b: Address): Promise<number> {
  let best = { fee: 0, liquidity: -1n };
  for (const fee of V3_FEE_TIERS) {
    const pool = await chain.readContract({ address: factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] });
    if (/^0x0{40}$/.test(pool)) continue;
    const liquidity = await chain.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'liquidity' });
    if (liquidity > best.liquidity) best = { fee, liquidity };
  }
  if (best.liquidity < 0n) {
    throw new QuestError('V3_NO_POOL', `no V3 pool for ${a} / ${b}`, {
      hint: 'ask for a pair the chain has a V3 pool of (the hard chain places those of HARD_V3_POOLS in src/chain/hard-spec-pools.ts)',
    });
  }
  return best.fee;
}

// Positions, for the re-ranging tasks: what the wallet holds, what a position is worth now, and the
// mints an episode sent.

export interface OwnedPosition {
  id: bigint;
  token0: Address;
  token1: Address;
  fee: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
}

/** Every position NFT `owner` holds at the position manager, with its pool and range. */
export async function ownedPositions(chain: PublicClient, manager: Address, owner: Address): Promise<OwnedPosition[]> {
  const n = await chain.readContract({ address: manager, abi: V3_POSITION_MANAGER_ABI, functionName: 'balanceOf', args: [owner] });
  const out: OwnedPosition[] = [];
  for (let i = 0n; i < n; i++) {
    const id = await chain.readContract({
      address: manager,
      abi: V3_POSITION_MANAGER_ABI,
      functionName: 'tokenOfOwnerByIndex',
      args: [owner, i],
    });
    const p = await chain.readContract({ address: manager, abi: V3_POSITION_MANAGER_ABI, functionName: 'positions', args: [id] });
    out.push({ id, token0: p[2], token1: p[3], fee: p[4], tickLower: p[5], tickUpper: p[6], liquidity: p[7] });
  }
  return out;
}

/** What removing all of a position's liquidity would return its owner now (an eth_call of decreaseLiquidity), fees not included. */
export async function principalOf(chain: PublicClient, manager: Address, owner: Address, p: OwnedPosition): Promise<[bigint, bigint]> {
  if (p.liquidity === 0n) return [0n, 0n];
  const { result } = await chain.simulateContract({
    account: owner,
    address: manager,
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId: p.id, liquidity: p.liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n }],
  });
  return [result[0], result[1]];
}

/** amount0 and amount1 valued in token1 base units at a pool's sqrtPriceX96. */
export const valueInToken1 = (amount0: bigint, amount1: bigint, sqrtPriceX96: bigint): bigint =>
  (((amount0 * sqrtPriceX96) / 2n ** 96n) * sqrtPriceX96) / 2n ** 96n + amount1;

export type V3MintParams = Extract<
  ReturnType<typeof decodeFunctionData<typeof V3_POSITION_MANAGER_ABI>>,
  { functionName: 'mint' }
>['args'][0];

/** The parameters of every mint a successful transaction sent the position manager, multicall unpacked. */
export function mintCalls(txs: readonly { tx: { to: Address; data: Hex }; receipt: { status: string } }[] | undefined, manager: Address) {
  const mints = (data: Hex): V3MintParams[] => {
    try {
      const c = decodeFunctionData({ abi: V3_POSITION_MANAGER_ABI, data });
      if (c.functionName === 'mint') return [c.args[0]];
      if (c.functionName === 'multicall') return (c.args[0] as readonly Hex[]).flatMap(mints);
    } catch {
      /* not a position manager call */
    }
    return [];
  };
  return (txs ?? [])
    .filter((t) => t.receipt.status === 'success' && t.tx.to.toLowerCase() === manager.toLowerCase())
    .flatMap((t) => mints(t.tx.data));
}

/**
 * An episode's one swap through the SwapRouter: a single exactInputSingle between the pair's two tokens at
 * `fee`, its minimum held against QuoterV2's quote at the block before it ran.
 */
export async function soleExactInputVsQuote(
  chain: PublicClient,
  txs: readonly { tx: { to: Address; data: Hex }; receipt: { status: string; blockNumber: bigint } }[] | undefined,
  o: { router: Address; quoter: Address; pair: readonly [Address, Address]; fee: number; slippage: number },
): Promise<CheckResult> {
  const sends = (txs ?? []).filter((t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, o.router));
  if (sends.length !== 1) return { pass: false, detail: `${sends.length} SwapRouter transactions, expected one` };
  const t = sends[0]!;
  const calls = routerCalls(t.tx.data);
  const s = calls[0];
  if (calls.length !== 1 || s?.functionName !== 'exactInputSingle') return { pass: false, detail: 'not a single exactInputSingle' };
  const q = s.args[0];
  if (q.fee !== o.fee || !o.pair.some((a) => isAddressEqual(a, q.tokenIn)) || !o.pair.some((a) => isAddressEqual(a, q.tokenOut)))
    return { pass: false, detail: `swapped ${q.tokenIn} → ${q.tokenOut} at fee ${q.fee}` };
  const quote = await quoteExactInputSingle(
    chain,
    o.quoter,
    { tokenIn: q.tokenIn, tokenOut: q.tokenOut, fee: q.fee, amountIn: q.amountIn },
    t.receipt.blockNumber - 1n,
  );
  return minOutVsQuote(q.amountOutMinimum, quote, o.slippage);
}
