// Who is at fault when an AI SDK call throws: the model (its reply broke the protocol), the provider or
// the network, the user's setup, or the harness. A model's mistake is its outcome: the round is spent as
// an invalid reply (a plan is taken as text), scored as the protocol scores a garbage reply, never
// infra. Every other error keeps its path through retry.ts: retried while it may pass, then infra, or a
// configuration error that stops the run. Classes are matched with the SDK's own isInstance (a marker
// symbol), so a second copy of the package in node_modules is still recognised.
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  InvalidToolInputError,
  JSONParseError,
  LoadAPIKeyError,
  LoadSettingError,
  MessageConversionError,
  MissingToolResultsError,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  NoSuchModelError,
  NoSuchToolError,
  RetryError,
  StreamProviderError,
  ToolCallRepairError,
  ToolChoiceViolationError,
  TypeValidationError,
  UnsupportedFunctionalityError,
} from 'ai';
import { ModelInfraError, type ToolCall } from './types.ts';

/** Whose doing an error is. */
export type Fault = 'model' | 'provider' | 'setup' | 'harness';

/** The rule of the paper's schema-invalid rules that a model's rejected reply is scored under. */
export type FaultRule = 'no_code_block' | 'bad_control_json';

export interface SdkErrorRow {
  /** The SDK's name of the error (its `name`), with the case the row covers. */
  error: string;
  is(error: unknown): boolean;
  by: Fault;
  /** Why, in one line. */
  why: string;
  /** The model's rows: the rule the round is invalid under. */
  rule?: FaultRule;
}

const status = (e: unknown) => (APICallError.isInstance(e) ? e.statusCode : undefined);
const isApiCall = (test: (s: number | undefined) => boolean) => (e: unknown) => APICallError.isInstance(e) && test(status(e));
const retryable = (s: number | undefined) => s === undefined || (s >= 200 && s < 300) || s === 408 || s === 409 || s === 429 || s >= 500;

/**
 * Every error of a generateText call, in order of matching. The model's rows come from what the reply
 * itself holds; a bare JSON or type error is the provider's response body (a tool call's arguments that
 * do not parse or validate arrive as InvalidToolInputError). A finish reason (content filter, length)
 * is no error: that reply arrives as text and is read as the protocol reads any text.
 */
export const SDK_ERRORS: readonly SdkErrorRow[] = [
  {
    error: 'AI_ToolChoiceViolationError (none)',
    is: (e) => ToolChoiceViolationError.isInstance(e) && e.toolChoice.type === 'none',
    by: 'model',
    rule: 'bad_control_json',
    why: 'a tool call where the harness asked for words (a plan): the plan is taken as text, its calls are not run',
  },
  {
    error: 'AI_ToolChoiceViolationError (required, tool)',
    is: ToolChoiceViolationError.isInstance,
    by: 'model',
    rule: 'no_code_block',
    why: 'no call to the tool the harness required: a round without a tool call',
  },
  {
    error: 'AI_NoSuchToolError',
    is: NoSuchToolError.isInstance,
    by: 'model',
    rule: 'bad_control_json',
    why: 'a call to a tool that was not offered (generateText keeps it as an invalid call, which replyOfCall judges the same way)',
  },
  {
    error: 'AI_InvalidToolInputError',
    is: InvalidToolInputError.isInstance,
    by: 'model',
    rule: 'bad_control_json',
    why: "tool arguments that are not JSON or do not fit the tool's schema",
  },
  {
    error: 'AI_ToolCallRepairError',
    is: ToolCallRepairError.isInstance,
    by: 'model',
    rule: 'bad_control_json',
    why: 'a repair of an unknown tool or bad arguments failed: the call it repaired was the mistake',
  },
  {
    error: 'AI_NoObjectGeneratedError',
    is: NoObjectGeneratedError.isInstance,
    by: 'model',
    rule: 'bad_control_json',
    why: 'the reply did not parse or validate as the structured output asked for',
  },
  {
    error: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)',
    is: isApiCall(retryable),
    by: 'provider',
    why: 'rate limit, overload, a network failure or a body that is no completion: retried, then infra',
  },
  {
    error: 'AI_APICallError (401, 403, 404)',
    is: isApiCall((s) => s === 401 || s === 403 || s === 404),
    by: 'setup',
    why: 'the API key, its permissions, the model id or the base URL: a configuration error that stops the run',
  },
  {
    error: 'AI_APICallError (other 4xx)',
    is: APICallError.isInstance,
    by: 'provider',
    why: 'the provider refused the request: infra at once, not retried',
  },
  {
    error: 'AI_StreamProviderError',
    is: StreamProviderError.isInstance,
    by: 'provider',
    why: 'the provider failed after its response began',
  },
  {
    error: 'AI_EmptyResponseBodyError',
    is: EmptyResponseBodyError.isInstance,
    by: 'provider',
    why: 'an HTTP response with no body',
  },
  {
    error: 'AI_InvalidResponseDataError',
    is: InvalidResponseDataError.isInstance,
    by: 'provider',
    why: "a response body that breaks the provider's own format",
  },
  {
    error: 'AI_JSONParseError',
    is: JSONParseError.isInstance,
    by: 'provider',
    why: 'a response body that is not JSON',
  },
  {
    error: 'AI_TypeValidationError',
    is: TypeValidationError.isInstance,
    by: 'provider',
    why: "a response body that does not fit the provider's schema",
  },
  {
    error: 'AI_NoContentGeneratedError',
    is: NoContentGeneratedError.isInstance,
    by: 'provider',
    why: 'the provider reports that it generated nothing (an empty reply of the model arrives as text instead)',
  },
  {
    error: 'AI_NoOutputGeneratedError',
    is: NoOutputGeneratedError.isInstance,
    by: 'provider',
    why: 'no output because the call failed (its cause, when there is one, decides)',
  },
  {
    error: 'AI_RetryError',
    is: RetryError.isInstance,
    by: 'provider',
    why: "the SDK's own retries gave up (its last error, when there is one, decides)",
  },
  {
    error: 'TimeoutError, AbortError',
    is: (e) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'),
    by: 'provider',
    why: 'no response within the time of one attempt: retried, then infra',
  },
  {
    error: 'AI_LoadAPIKeyError, AI_LoadSettingError, AI_NoSuchModelError',
    is: (e) => LoadAPIKeyError.isInstance(e) || LoadSettingError.isInstance(e) || NoSuchModelError.isInstance(e),
    by: 'setup',
    why: 'a missing key or setting, or a model id the provider does not know',
  },
  {
    error:
      'AI_InvalidPromptError, AI_InvalidArgumentError, AI_MissingToolResultsError, AI_MessageConversionError, AI_UnsupportedFunctionalityError',
    is: (e) =>
      InvalidPromptError.isInstance(e) ||
      InvalidArgumentError.isInstance(e) ||
      MissingToolResultsError.isInstance(e) ||
      MessageConversionError.isInstance(e) ||
      UnsupportedFunctionalityError.isInstance(e),
    by: 'harness',
    why: 'the request the harness built is wrong: a bug on our side',
  },
];

/** The error a wrapper stands for: the cause of a ModelInfraError or NoOutputGeneratedError, a RetryError's last error. */
function inner(error: unknown): unknown {
  if (error instanceof ModelInfraError || NoOutputGeneratedError.isInstance(error)) return error.cause;
  if (RetryError.isInstance(error)) return error.lastError;
  return undefined;
}

/** An error, then what it wraps, inward. */
function* layers(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e !== undefined && depth < 5; e = inner(e), depth++) yield e;
}

/** The row of an error and the error it matched: the innermost one the table names (what a wrapper wraps decides). */
function match(error: unknown): { row: SdkErrorRow; error: unknown } | undefined {
  let found: { row: SdkErrorRow; error: unknown } | undefined;
  for (const e of layers(error)) {
    const row = SDK_ERRORS.find((r) => r.is(e));
    if (row) found = { row, error: e };
  }
  return found;
}

/** The row of an error, or undefined for an error the table does not name. */
export const sdkErrorRow = (error: unknown): SdkErrorRow | undefined => match(error)?.row;

/** A reply the SDK rejected for what the model did: the round is the model's. */
export interface ModelFault {
  /** The SDK's error name, e.g. AI_ToolChoiceViolationError. */
  error: string;
  rule: FaultRule;
  /** One line for the model's feedback and the record. */
  message: string;
  /** The reply as the model made it, as far as the error carries it. */
  reply: { text: string; calls: ToolCall[] };
  /** The reply was asked for in words (tool choice none): it is taken as text and its calls are not run. */
  asText: boolean;
}

const oneLine = (s: string) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
};

const parsedInput = (input: unknown): unknown => {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
};

/** What the model replied, from the error that rejected it. */
function replyOf(error: unknown): ModelFault['reply'] {
  if (ToolChoiceViolationError.isInstance(error)) {
    const text = error.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    const calls = error.content.flatMap((p) =>
      p.type === 'tool-call' ? [{ id: p.toolCallId, name: p.toolName, input: parsedInput(p.input) }] : [],
    );
    return { text, calls };
  }
  if (InvalidToolInputError.isInstance(error))
    return { text: '', calls: [{ id: 'rejected_call', name: error.toolName, input: parsedInput(error.toolInput) }] };
  if (NoSuchToolError.isInstance(error)) return { text: '', calls: [{ id: 'rejected_call', name: error.toolName, input: {} }] };
  if (ToolCallRepairError.isInstance(error)) return replyOf(error.originalError);
  if (NoObjectGeneratedError.isInstance(error)) return { text: error.text ?? '', calls: [] };
  return { text: '', calls: [] };
}

/** The model's mistake an error stands for, or undefined when the error is the provider's, the setup's or ours. */
export function modelFault(error: unknown): ModelFault | undefined {
  const found = match(error);
  if (found?.row.by !== 'model') return undefined;
  const e = found.error as Error;
  return {
    error: e.name,
    rule: found.row.rule!,
    message: `the reply was rejected (${e.name}): ${oneLine(e.message)}`,
    reply: replyOf(e),
    asText: ToolChoiceViolationError.isInstance(e) && e.toolChoice.type === 'none',
  };
}

/** True when an error is the model's doing (for a retry classifier: a model's mistake is not retried). */
export const isModelFault = (error: unknown): boolean => modelFault(error) !== undefined;
