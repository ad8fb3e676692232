import { formatUnits, isAddressEqual, slice, toFunctionSelector, type Address } from 'viem';
import type { Check, CheckContext, CheckResult } from './types.ts';

type Ctx<P, S> = CheckContext<P, S>;

export function fmt(amount: bigint, decimals = 18, symbol = ''): string {
  return `${formatUnits(amount, decimals)}${symbol ? ` ${symbol}` : ''}`;
}

export interface Tolerance {
  /** Relative tolerance, e.g. 0.001 for 0.1 %. */
  rel?: number;
  /** Absolute tolerance in base units. */
  abs?: bigint;
  decimals?: number;
  symbol?: string;
}

/** Compares two base-unit amounts; exact unless a tolerance is given. Records the relative deviation. */
export function compareAmount(label: string, actual: bigint, expected: bigint, tol: Tolerance = {}): CheckResult {
  const diff = actual > expected ? actual - expected : expected - actual;
  // Relative to the expectation; against an expected 0 any difference counts as 100 % off (finite, so it survives JSON).
  const deviation =
    expected === 0n ? (diff === 0n ? 0 : 1) : Number((diff * 1_000_000_000n) / (expected < 0n ? -expected : expected)) / 1e9;
  let allowed = tol.abs ?? 0n;
  if (tol.rel !== undefined) {
    const relAllowed = ((expected < 0n ? -expected : expected) * BigInt(Math.round(tol.rel * 1e9))) / 1_000_000_000n;
    if (relAllowed > allowed) allowed = relAllowed;
  }
  const d = tol.decimals ?? 18;
  const pass = diff <= allowed;
  const detail = pass
    ? `${label} ${fmt(actual, d, tol.symbol)}${diff === 0n ? '' : ` (expected ${fmt(expected, d, tol.symbol)})`}`
    : `${label} ${fmt(actual, d, tol.symbol)}, expected ${fmt(expected, d, tol.symbol)}${allowed ? ` ± ${fmt(allowed, d, tol.symbol)}` : ''}`;
  const tolerance = tol.rel ?? 0;
  return { pass, detail, deviation, tolerance };
}

export function selectorOf(signature: string): `0x${string}` {
  return toFunctionSelector(signature.startsWith('function ') ? signature : `function ${signature}`);
}

/** The transaction succeeded at the validator's target (the scoring gate enforces the rest). */
export function succeeded<P, S>(weight: number, name = 'transaction succeeded at the right address'): Check<P, S> {
  return { name, weight, verify: (ctx) => ctx.receipt?.status === 'success' };
}

/** The calldata calls one of the given functions. */
export function callsFunction<P, S>(weight: number, ...signatures: string[]): Check<P, S> {
  const selectors = signatures.map(selectorOf);
  return {
    // Overloads share a name, so the check is named after the distinct function names.
    name: `calls ${[...new Set(signatures.map((s) => s.replace(/^function /, '').split('(')[0]))].join(' or ')}`,
    weight,
    verify: (ctx) => {
      const data = (ctx.tx?.data ?? '0x').toLowerCase() as `0x${string}`;
      const sel = data.length >= 10 ? slice(data, 0, 4) : data;
      const pass = selectors.includes(sel as `0x${string}`);
      return { pass, detail: pass ? `selector ${sel}` : `selector ${sel === '0x' ? '(none)' : sel}, expected ${selectors.join(' or ')}` };
    },
  };
}

/** The transaction carries exactly (or within tolerance) the expected native value. */
export function sendsValue<P, S>(weight: number, expected: (ctx: Ctx<P, S>) => bigint, tol: Tolerance = {}): Check<P, S> {
  return {
    name: 'sends the requested BNB value',
    weight,
    verify: (ctx) => compareAmount('value', ctx.tx?.value ?? 0n, expected(ctx), { symbol: 'BNB', ...tol }),
  };
}

export function sameAddress(a: string | undefined, b: Address): boolean {
  try {
    return !!a && isAddressEqual(a as Address, b);
  } catch {
    return false;
  }
}

/** An approval moved none of the agent's tokens: its balance (state key `balance`) is unchanged. */
export function noTokensMoved<P, S extends { balance: bigint }>(weight: number, symbol: (params: P) => string): Check<P, S> {
  return {
    name: 'no tokens moved',
    weight,
    verify: ({ pre, post, params }) => compareAmount('balance change', pre.balance - post.balance, 0n, { symbol: symbol(params) }),
  };
}

/** Gas the agent paid for the transaction (gasUsed × effective price). */
export function gasCost<P, S>(ctx: Ctx<P, S>): bigint {
  return ctx.receipt ? ctx.receipt.gasUsed * ctx.receipt.effectiveGasPrice : 0n;
}

/** Parses an unsigned integer answer given as a decimal string or a safe integer number. */
export function parseUintAnswer(answer: unknown): { value: bigint } | { error: string } {
  if (typeof answer === 'string' && /^\d+$/.test(answer.trim())) return { value: BigInt(answer.trim()) };
  if (typeof answer === 'number' && Number.isSafeInteger(answer) && answer >= 0) return { value: BigInt(answer) };
  if (answer === undefined) return { error: 'no answer returned' };
  return { error: `answer ${JSON.stringify(answer)?.slice(0, 80)} is not an unsigned integer as a decimal string` };
}

/** The spender may no longer spend the agent's token: its allowance (state key `allowance`) is zero. */
export function allowanceRevoked<P, S extends { allowance: bigint }>(weight: number, name: string): Check<P, S> {
  return { name, weight, verify: ({ post }) => ({ pass: post.allowance === 0n, detail: `allowance left: ${post.allowance}` }) };
}
