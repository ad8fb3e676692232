import '../polyfills.ts';
import { APICallError } from 'ai';
import { sleep } from './sleep.ts';
import { ModelConfigError, ModelInfraError } from './types.ts';

export interface RetryPolicy {
  /** Retries after the first attempt; total attempts = maxRetries + 1. */
  maxRetries: number;
  /** Budget of a single attempt. */
  timeoutMs: number;
  /** First backoff delay; doubles per retry. */
  baseDelayMs: number;
  /** Upper bound for any single wait, Retry-After included. */
  maxDelayMs: number;
}

/** How one failed attempt should be handled. */
export type Failure =
  | { action: 'retry'; reason: string; status?: number; retryAfterMs?: number; hint?: string }
  | { action: 'fail'; reason: string; status?: number }
  | { action: 'config'; reason: string }
  | { action: 'rethrow' };

export interface RetryResult<T> {
  value: T;
  attempts: number;
}

/**
 * Runs `attempt` until it succeeds, a failure is not retryable, or the budget is spent.
 * Each attempt gets its own deadline combined with the caller's signal; a caller abort
 * is passed through untouched (never retried, never turned into ModelInfraError).
 */
export async function withRetries<T>(
  label: string,
  policy: RetryPolicy,
  callerSignal: AbortSignal | undefined,
  attempt: (signal: AbortSignal) => Promise<T>,
  classify: (error: unknown) => Failure,
): Promise<RetryResult<T>> {
  const maxAttempts = policy.maxRetries + 1;
  let last: { reason: string; status?: number; hint?: string; error: unknown } | undefined;
  for (let n = 1; n <= maxAttempts; n++) {
    callerSignal?.throwIfAborted();
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
    let failure: Failure;
    try {
      return { value: await attempt(signal), attempts: n };
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason ?? error;
      failure = deadline.aborted ? { action: 'retry', reason: `no response within ${policy.timeoutMs} ms` } : classify(error);
      if (failure.action === 'rethrow') throw error;
      if (failure.action === 'config') throw new ModelConfigError(`${label}: ${failure.reason}`, { cause: error });
      last = {
        reason: failure.reason,
        status: failure.status,
        error,
        ...(failure.action === 'retry' && failure.hint ? { hint: failure.hint } : {}),
      };
      if (failure.action === 'fail') {
        throw new ModelInfraError(`${label}: request rejected (${describeFailure(last)}); not retried`, {
          cause: error,
          attempts: n,
          status: failure.status,
        });
      }
    }
    if (n < maxAttempts) await sleep(backoffDelay(n, policy, failure.retryAfterMs), callerSignal);
  }
  const hint = last?.hint ? `; ${last.hint}` : '';
  throw new ModelInfraError(`${label}: failed after ${maxAttempts} attempts; last error: ${describeFailure(last!)}${hint}`, {
    cause: last?.error,
    attempts: maxAttempts,
    status: last?.status,
  });
}

function describeFailure(f: { reason: string; status?: number }): string {
  return f.status === undefined ? f.reason : `HTTP ${f.status}: ${f.reason}`;
}

/** Exponential backoff with jitter (half fixed, half random); a server's Retry-After wins. */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxDelayMs);
  const exp = Math.min(policy.baseDelayMs * 2 ** (retryNumber - 1), policy.maxDelayMs);
  return exp / 2 + Math.random() * (exp / 2);
}

/** Reads `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date). */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  const ms = Number.parseFloat(get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number.parseFloat(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// Response bodies that could not be turned into a result: worth another try.
const GARBAGE_ERRORS = new Set([
  'AI_JSONParseError',
  'AI_TypeValidationError',
  'AI_InvalidResponseDataError',
  'AI_EmptyResponseBodyError',
  'AI_NoContentGeneratedError',
]);

/** What a provider's failures should tell the user: each entry of the provider table has its own. */
export interface ProviderErrors {
  /** After a 401 or 403: what to check, naming the variable that holds the key. */
  auth: string;
  /** After a 404: the model id and the endpoint, naming the variable of the base URL. */
  notFound: string;
  /** Added to the message when 429s outlast every retry. */
  rateLimited: string;
  /** A wait the provider asks for in its error body rather than in a Retry-After header. */
  retryAfterMs?(body: string | undefined): number | undefined;
}

/** For a model of no entry (a module's own AI SDK model): the same advice without variable names. */
export const NEUTRAL_ERRORS: ProviderErrors = {
  auth: 'check the API key and its permissions',
  notFound: 'check the model id and the base URL',
  rateLimited: "the provider's rate limit: lower QUEST_CONCURRENCY, or raise the limit of the key",
};

/** Classifies errors thrown by an AI SDK generateText call (any provider; its advice from `errors`). */
export function classifySdkError(error: unknown, errors: ProviderErrors = NEUTRAL_ERRORS): Failure {
  if (error instanceof ModelConfigError || error instanceof ModelInfraError) return { action: 'rethrow' };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const reason = shortReason(error.message, error.responseBody);
    if (status === undefined) return { action: 'retry', reason };
    // A 2xx that failed here means the body was not a valid completion.
    if (status >= 200 && status < 300) return { action: 'retry', reason: `unusable response: ${reason}`, status };
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      const wait = retryAfterMs(error.responseHeaders) ?? errors.retryAfterMs?.(error.responseBody);
      return {
        action: 'retry',
        reason,
        status,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
        ...(status === 429 ? { hint: errors.rateLimited } : {}),
      };
    }
    if (status === 401 || status === 403) return { action: 'config', reason: `HTTP ${status} (${reason}): ${errors.auth}` };
    if (status === 404) return { action: 'config', reason: `HTTP 404 (${reason}): ${errors.notFound}` };
    return { action: 'fail', reason, status };
  }
  if (error instanceof Error) {
    if (GARBAGE_ERRORS.has(error.name)) return { action: 'retry', reason: `unusable response: ${error.message}` };
    // Argument and prompt errors are bugs on our side; retrying cannot help and wrapping would hide them.
    if (error.name === 'AI_InvalidPromptError' || error.name === 'AI_InvalidArgumentError') return { action: 'rethrow' };
    return { action: 'fail', reason: error.message };
  }
  return { action: 'fail', reason: String(error) };
}

function shortReason(message: string, body: string | undefined): string {
  const text = message && message !== 'Invalid JSON response' ? message : `${message}${body ? `: ${body}` : ''}`;
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
