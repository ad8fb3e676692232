// Reading what a script answered and judging it against the chain: the checks query tasks share, and
// the reported values workflows submit.
import { isAddress } from 'viem';
import { compareAmount, parseUintAnswer, type Tolerance } from './checks.ts';
import type { Check, CheckContext, CheckResult } from './types.ts';

type Ctx<P, S> = CheckContext<P, S>;
export type UintAnswer = { value: bigint } | { error: string };

/** The value under `key` of an object answer; undefined for any other answer. */
export function answerField(answer: unknown, key: string): unknown {
  return typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
}

/** One field of an object answer as an unsigned integer; an answer that is not an object is an error of its own. */
export function answerUint(answer: unknown, key: string): UintAnswer {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

/** One field of an object answer as an unsigned integer, errors prefixed with the key; any other answer reads as a missing field. */
export function keyedUint(answer: unknown, key: string): UintAnswer {
  const a = parseUintAnswer(answerField(answer, key));
  return 'error' in a ? { error: `${key}: ${a.error}` } : a;
}

export interface UintReport<P, S> {
  /** Parses the reported value; the bare answer when absent. */
  read?: (answer: unknown) => UintAnswer;
  /** Why the report earns nothing yet (typically: the workflow behind it never happened). */
  unless?: (ctx: Ctx<P, S>) => string | undefined;
  /** Judge `unless` after the answer parsed, so an unreadable answer is named first. */
  readFirst?: boolean;
  /** Compares the parsed value with the chain. */
  compare: (value: bigint, ctx: Ctx<P, S>) => CheckResult;
}

/** A reported unsigned integer compared with the chain: no points for an unreadable answer or while `unless` holds. */
export function reportsUint<P, S>(name: string, weight: number, spec: UintReport<P, S>): Check<P, S> {
  const read = spec.read ?? parseUintAnswer;
  return {
    name,
    weight,
    verify: (ctx) => {
      const early = spec.readFirst ? undefined : spec.unless?.(ctx);
      if (early !== undefined) return { pass: false, detail: early };
      const a = read(ctx.answer);
      if ('error' in a) return { pass: false, detail: a.error };
      const late = spec.readFirst ? spec.unless?.(ctx) : undefined;
      if (late !== undefined) return { pass: false, detail: late };
      return spec.compare(a.value, ctx);
    },
  };
}

/** The answer is an unsigned integer (the format points of a numeric query). */
export function answerIsUint<P, S>(name: string, weight: number): Check<P, S> {
  return {
    name,
    weight,
    verify: ({ answer }) => {
      const a = parseUintAnswer(answer);
      return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
    },
  };
}

/** The answer, an unsigned integer, matches an amount read from the chain (labelled "answer"). */
export function answerMatches<P, S>(
  name: string,
  weight: number,
  truth: (ctx: Ctx<P, S>) => bigint,
  tol: Tolerance | ((ctx: Ctx<P, S>) => Tolerance) = {},
): Check<P, S> {
  return reportsUint(name, weight, {
    compare: (v, ctx) => compareAmount('answer', v, truth(ctx), typeof tol === 'function' ? tol(ctx) : tol),
  });
}

/** The answer as a 0x address (surrounding whitespace forgiven), or undefined. */
export function addressAnswer(answer: unknown): string | undefined {
  return typeof answer === 'string' && isAddress(answer.trim(), { strict: false }) ? answer.trim() : undefined;
}

/** The answer is an address (the format points of an address query). */
export function answerIsAddress<P, S>(name: string, weight: number): Check<P, S> {
  return {
    name,
    weight,
    verify: ({ answer }) => {
      const a = addressAnswer(answer);
      return { pass: !!a, detail: a ? `answered ${a}` : `answer ${JSON.stringify(answer)?.slice(0, 80)} is not a 0x address` };
    },
  };
}

/** A reported address compared with the chain; no points without one. */
export function reportsAddress<P, S>(name: string, weight: number, compare: (address: string, ctx: Ctx<P, S>) => CheckResult): Check<P, S> {
  return {
    name,
    weight,
    verify: (ctx) => {
      const a = addressAnswer(ctx.answer);
      return a ? compare(a, ctx) : { pass: false, detail: 'no address answered' };
    },
  };
}

/** An object answer's amount for `symbol` (keys compared case-insensitively) against the chain's. */
export function reportedBySymbol(answer: unknown, symbol: string, truth: bigint): CheckResult {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return { pass: false, detail: `answer ${JSON.stringify(answer)?.slice(0, 80)} is not an object` };
  const key = Object.keys(answer).find((k) => k.toLowerCase() === symbol.toLowerCase());
  const a = parseUintAnswer(key === undefined ? undefined : (answer as Record<string, unknown>)[key]);
  if ('error' in a) return { pass: false, detail: `${symbol}: ${a.error}` };
  return compareAmount(symbol, a.value, truth, { symbol });
}
