// What a composite episode did, read from its transactions (ctx.txs): approvals, token movements from
// the receipts, the sale of one token for another, gas. Each helper looks only at successful
// transactions unless it says otherwise.
import {
  decodeAbiParameters,
  decodeFunctionData,
  erc20Abi,
  isAddressEqual,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
  type AbiFunction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { byRole, type EnvMap } from '../tasks/address-map.ts';
import { compareAmount, fmt, sameAddress, selectorOf } from './checks.ts';
import { tokenDecimals } from './units.ts';
import { ADD_LIQUIDITY, bestQuote, exactInputMinOut, minOutVsQuote, minOutVsReturn, selectorsOf, slippageFloor, withGrace } from './dex.ts';
import type { CheckResult, SentTransaction } from './types.ts';

export type EpisodeTx = { tx: SentTransaction; receipt: TransactionReceipt };
type Txs<T extends EpisodeTx = EpisodeTx> = readonly T[] | undefined;

export const successful = <T extends EpisodeTx>(txs: Txs<T>): T[] => (txs ?? []).filter((t) => t.receipt.status === 'success');

/** Gas the wallet paid over the whole episode, reverted transactions included. */
export const episodeGas = (txs: Txs): bigint => (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);

/** The first successful call to `to` whose selector is one of `selectors`. */
export function firstCall<T extends EpisodeTx>(txs: Txs<T>, to: Address, selectors: readonly Hex[]): T | undefined {
  return (txs ?? []).find(
    (t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, to) && selectors.includes(t.tx.data.slice(0, 10).toLowerCase() as Hex),
  );
}

/** Position of the last successful transaction to `to` in the episode, -1 when there is none. */
export const lastCallTo = (txs: Txs, to: Address): number =>
  (txs ?? []).findLastIndex((t) => t.receipt.status === 'success' && sameAddress(t.tx.to, to));

const APPROVALS: Hex[] = [selectorOf('approve(address,uint256)'), selectorOf('increaseAllowance(address,uint256)')];

/** The successful approve / increaseAllowance calls on `token` for `spender`: their position in the episode and amount. */
export function approvalCalls(txs: Txs, token: Address, spender: Address): { index: number; amount: bigint }[] {
  return (txs ?? []).flatMap((t, index) => {
    if (
      t.receipt.status !== 'success' ||
      !isAddressEqual(t.tx.to, token) ||
      !APPROVALS.includes(t.tx.data.slice(0, 10).toLowerCase() as Hex)
    )
      return [];
    try {
      const [who, amount] = decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], `0x${t.tx.data.slice(10)}`);
      return isAddressEqual(who, spender) ? [{ index, amount }] : [];
    } catch {
      return [];
    }
  });
}

/** Whether the episode raised `spender`'s allowance on `token` with a successful approve or increaseAllowance. */
export const approvalSent = (txs: Txs, token: Address, spender: Address): boolean => approvalCalls(txs, token, spender).length > 0;

/** Amounts of those approvals made before the transaction at position `before` (the step that spends them). */
export const approvalsBefore = (txs: Txs, token: Address, spender: Address, before: number): bigint[] =>
  approvalCalls(txs, token, spender)
    .filter((c) => c.index < before)
    .map((c) => c.amount);

/**
 * Why an approve-then-spend step earns nothing: no successful approval of `spender` (worded as in the
 * request, e.g. "the router") on `token`, or no `symbol` left the wallet. Undefined when both happened.
 */
export function unusedApproval(approved: boolean, spent: bigint, spender: string, token: string, symbol = token): CheckResult | undefined {
  if (!approved) return { pass: false, detail: `no successful approve of ${spender} on ${token}` };
  if (spent <= 0n) return { pass: false, detail: `no ${symbol} left the wallet` };
  return undefined;
}

/** An approval of exactly `requested` that the next step spent: left-over allowance plus what left the wallet is the grant. */
export function grantSpent(
  approved: boolean,
  spent: bigint,
  left: bigint,
  requested: bigint,
  spender: string,
  symbol: string,
  label = `${symbol} allowance granted`,
): CheckResult {
  return unusedApproval(approved, spent, spender, symbol) ?? compareAmount(label, left + spent, requested, { symbol });
}

/**
 * amountOutMin (second argument) of the first successful router call to one of the exact-input swaps
 * in `fragment`, against the slippage floor under the pre-trade quote.
 */
export function routerSwapMinOut(
  txs: Txs,
  router: Address,
  fragment: readonly AbiFunction[],
  quote: bigint,
  slippage: number,
): CheckResult {
  const swap = firstCall(txs, router, selectorsOf(fragment));
  if (!swap) return { pass: false, detail: `no successful ${fragment[0]!.name} through the router` };
  const { args } = decodeFunctionData({ abi: fragment, data: swap.tx.data });
  return minOutVsQuote(args![1] as bigint, quote, slippage);
}

/** Highest allowance `owner` granted `spender` on `token` in any successful transaction (Approval events). */
export function highestApproval(txs: Txs, token: Address, owner: Address, spender: Address): bigint {
  let best = 0n;
  for (const t of successful(txs)) {
    for (const l of parseEventLogs({ abi: erc20Abi, eventName: 'Approval', logs: t.receipt.logs })) {
      if (
        isAddressEqual(l.address, token) &&
        isAddressEqual(l.args.owner, owner) &&
        isAddressEqual(l.args.spender, spender) &&
        l.args.value > best
      )
        best = l.args.value;
    }
  }
  return best;
}

/** The highest allowance granted (see highestApproval) covers `need`. */
export function approvedAtLeast(txs: Txs, token: Address, owner: Address, spender: Address, need: bigint, symbol: string): CheckResult {
  const allowance = highestApproval(txs, token, owner, spender);
  return { pass: allowance >= need, detail: `approved ${fmt(allowance)} ${symbol}` };
}

/** Sum of a token's Transfer values in one receipt, filtered by sender and recipient when given. */
export function transferred(receipt: TransactionReceipt, token: Address, from?: Address, to?: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter(
      (l) => isAddressEqual(l.address, token) && (!from || isAddressEqual(l.args.from, from)) && (!to || isAddressEqual(l.args.to, to)),
    )
    .reduce((s, l) => s + l.args.value, 0n);
}

/** The same sum over every successful transaction of the episode. */
export const transferredInEpisode = (txs: Txs, token: Address, from?: Address, to?: Address): bigint =>
  successful(txs).reduce((s, t) => s + transferred(t.receipt, token, from, to), 0n);

export type Sale<T extends EpisodeTx = EpisodeTx> = T & { sold: bigint; got: bigint };

/** The one successful transaction (meeting `where`) that took `sell` from `agent` and paid it `buy`; undefined unless exactly one did. */
export function soleSwap<T extends EpisodeTx>(
  txs: Txs<T>,
  agent: Address,
  sell: Address,
  buy: Address,
  where: (t: T) => boolean = () => true,
): Sale<T> | undefined {
  const swaps = successful(txs).filter(
    (t) => where(t) && transferred(t.receipt, sell, agent) > 0n && transferred(t.receipt, buy, undefined, agent) > 0n,
  );
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: transferred(s.receipt, sell, agent), got: transferred(s.receipt, buy, undefined, agent) };
}

/** The one successful router call carrying BNB that paid `agent` in `buy`; undefined unless exactly one did. */
export function soleBnbSwap<T extends EpisodeTx>(
  txs: Txs<T>,
  router: Address,
  agent: Address,
  buy: Address,
): (T & { got: bigint }) | undefined {
  const swaps = successful(txs).filter(
    (t) => isAddressEqual(t.tx.to, router) && t.tx.value > 0n && transferred(t.receipt, buy, undefined, agent) > 0n,
  );
  if (swaps.length !== 1) return undefined;
  return { ...swaps[0]!, got: transferred(swaps[0]!.receipt, buy, undefined, agent) };
}

type SaleContext = { txs?: EpisodeTx[]; env: EnvMap; agent: Address; chain: PublicClient };

/** One sale of exactly `amount` (in the token's own decimals) of `sell` for `buy`, which fetched the best quote of the block before it (1 %). */
export async function saleAtQuote(
  ctx: SaleContext,
  sell: { token: Address; symbol: string },
  buy: { token: Address; symbol: string },
  amount: string,
): Promise<CheckResult> {
  const decimals = await tokenDecimals(ctx.chain, sell.token);
  const want = parseUnits(amount, decimals);
  const s = soleSwap(ctx.txs, ctx.agent, sell.token, buy.token);
  if (!s) return { pass: false, detail: `expected exactly one successful ${sell.symbol} → ${buy.symbol} swap` };
  if (s.sold !== want) return { pass: false, detail: `sold ${fmt(s.sold, decimals)} ${sell.symbol}, requested ${amount}` };
  const quote = await bestQuote(ctx.chain, ctx.env, want, sell.token, buy.token, s.receipt.blockNumber - 1n);
  return compareAmount(`${buy.symbol} received`, s.got, quote, {
    rel: 0.01,
    symbol: buy.symbol,
    decimals: await tokenDecimals(ctx.chain, buy.token),
  });
}

/** One BNB sale through the router of exactly `amount` BNB for `buy`, which fetched the best quote of the block before it (1 %). */
export async function bnbSaleAtQuote(ctx: SaleContext, buy: { token: Address; symbol: string }, amount: string): Promise<CheckResult> {
  const s = soleBnbSwap(ctx.txs, byRole(ctx.env, 'v2Router'), ctx.agent, buy.token);
  if (!s) return { pass: false, detail: `expected exactly one successful BNB → ${buy.symbol} swap through the router` };
  const want = parseEther(amount);
  if (s.tx.value !== want) return { pass: false, detail: `sent ${fmt(s.tx.value)} BNB, requested ${amount}` };
  const quote = await bestQuote(ctx.chain, ctx.env, want, byRole(ctx.env, 'wrappedNative'), buy.token, s.receipt.blockNumber - 1n);
  return compareAmount(`${buy.symbol} received`, s.got, quote, {
    rel: 0.01,
    symbol: buy.symbol,
    decimals: await tokenDecimals(ctx.chain, buy.token),
  });
}

/** A sale of exactly `want` set an amountOutMin within the slippage limit of what it returned. */
export function saleMinOut(s: Sale | undefined, want: bigint, slippage: number): CheckResult {
  if (!s || s.sold !== want) return { pass: false, detail: 'no swap of the requested amount' };
  const min = exactInputMinOut(s.tx.data);
  if (min === undefined) return { pass: false, detail: 'the swap was not an exact-input token swap' };
  return minOutVsReturn(min, s.got, slippage);
}

/**
 * Every sale set an amountOutMin within the slippage limit of what it returned. `missing` is the
 * detail when one is absent, not an exact-input token swap, or (when its `want` is given) not of that amount.
 */
export function salesMinOut(sales: readonly (readonly [Sale | undefined, bigint?])[], slippage: number, missing: string): CheckResult {
  const parts: string[] = [];
  let pass = true;
  for (const [s, want] of sales) {
    const min = s && exactInputMinOut(s.tx.data);
    if (!s || min === undefined || (want !== undefined && s.sold !== want)) return { pass: false, detail: missing };
    const r = minOutVsReturn(min, s.got, slippage);
    pass &&= r.pass;
    parts.push(r.detail!);
  }
  return { pass, detail: parts.join('; ') };
}

/**
 * The deposits among `txs` that minted `pair` LP to `agent`: the LP and what each token paid in. The
 * pool is balanced, so a request of `want` of each puts in at most `want` of both and all of the
 * limiting side; `ok` says the deposit matches that.
 */
export function balancedDeposit<T extends EpisodeTx>(
  txs: readonly T[],
  pair: Address,
  tokenA: Address,
  tokenB: Address,
  agent: Address,
  want: bigint,
  /** The request of tokenB where it differs (its decimals do: Base's USDC has 6, DAI 18). */
  wantB: bigint = want,
) {
  const adds = txs.filter((t) => transferred(t.receipt, pair, zeroAddress, agent) > 0n);
  const sum = (f: (r: TransactionReceipt) => bigint) => adds.reduce((s, t) => s + f(t.receipt), 0n);
  const minted = sum((r) => transferred(r, pair, zeroAddress, agent));
  const paidA = sum((r) => transferred(r, tokenA, agent, pair));
  const paidB = sum((r) => transferred(r, tokenB, agent, pair));
  const ok = minted > 0n && paidA <= want && paidB <= wantB && (paidA === want || paidB === wantB);
  return { adds, minted, paidA, paidB, ok };
}

/**
 * Both minimums of an addLiquidity deposit of `want` of each token (or, by token, each token's own request),
 * against the slippage floor (0.5 % grace, shown).
 */
export function depositMinimums(add: EpisodeTx | undefined, want: bigint | ((token: Address) => bigint), slippage: number): CheckResult {
  if (!add) return { pass: false, detail: 'no liquidity deposit' };
  let args: readonly [Address, Address, bigint, bigint, bigint, bigint, Address, bigint];
  try {
    args = decodeFunctionData({ abi: ADD_LIQUIDITY, data: add.tx.data }).args;
  } catch {
    return { pass: false, detail: 'the deposit was not an addLiquidity call' };
  }
  const mins = [args[4], args[5]];
  const floorOf = (token: Address) => withGrace(slippageFloor(typeof want === 'bigint' ? want : want(token), slippage));
  const floors = [floorOf(args[0]), floorOf(args[1])] as const;
  const pass = mins.every((m, i) => m > 0n && m >= floors[i]!);
  return { pass, detail: `minimums ${mins.join(', ')}, ${floors[0] === floors[1] ? `floor ${floors[0]}` : `floors ${floors.join(', ')}`}` };
}
