// The table of AI SDK errors: each row with an error built as the SDK builds it, and what the dialogue
// makes of a model's mistake (an invalid round, a plan taken as text) and of anything else (thrown, so
// the solver records infra as before).
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
import { describe, expect, test } from 'vitest';
import { TextDialogue, ToolDialogue } from '../../src/episode/dialogue.ts';
import { toolsFor } from '../../src/episode/tools.ts';
import { classifySdkError, withRetries } from '../../src/model/retry.ts';
import { type Fault, modelFault, SDK_ERRORS, sdkErrorRow } from '../../src/model/sdk-errors.ts';
import { type DialogueMessage, type Model, ModelInfraError, type ToolReply } from '../../src/model/types.ts';

const apiCall = (statusCode: number | undefined) =>
  new APICallError({
    message: statusCode === undefined ? 'fetch failed' : `HTTP ${statusCode}`,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: {},
    responseBody: '{"error":{"message":"x"}}',
  });
const planCall = {
  type: 'tool-call' as const,
  toolCallId: 'call_1',
  toolName: 'query',
  input: '{"type":"native_balance","address":"agent"}',
};
const violation = (toolChoice: 'none' | 'required') =>
  new ToolChoiceViolationError({
    toolChoice: { type: toolChoice },
    finishReason: toolChoice === 'none' ? 'tool-calls' : 'stop',
    provider: 'openai.chat',
    modelId: 'gpt-test',
    content: toolChoice === 'none' ? [{ type: 'text', text: 'My plan: look first.' }, planCall] : [{ type: 'text', text: 'Done.' }],
  });
const noSuchTool = () => new NoSuchToolError({ toolName: 'transfer', availableTools: ['run_script', 'query', 'submit', 'report_error'] });
const badInput = () =>
  new InvalidToolInputError({
    toolName: 'submit',
    toolInput: '{bad',
    cause: new JSONParseError({ text: '{bad', cause: new SyntaxError('x') }),
  });
const usage = {
  inputTokens: 1,
  inputTokenDetails: { noCacheTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
  outputTokens: 1,
  outputTokenDetails: { textTokens: 1, reasoningTokens: 0 },
  totalTokens: 2,
};

/** One error per case: the row it must match (by the row's `error`) and, for the model's rows, the rule. */
const CASES: { label: string; make: () => unknown; row: string; by: Fault; rule?: string }[] = [
  {
    label: 'a tool call in a plan',
    make: () => violation('none'),
    row: 'AI_ToolChoiceViolationError (none)',
    by: 'model',
    rule: 'bad_control_json',
  },
  {
    label: 'no call where one was required',
    make: () => violation('required'),
    row: 'AI_ToolChoiceViolationError (required, tool)',
    by: 'model',
    rule: 'no_code_block',
  },
  { label: 'an unknown tool', make: noSuchTool, row: 'AI_NoSuchToolError', by: 'model', rule: 'bad_control_json' },
  { label: 'tool arguments that are not JSON', make: badInput, row: 'AI_InvalidToolInputError', by: 'model', rule: 'bad_control_json' },
  {
    label: 'tool arguments that fit no schema',
    make: () =>
      new InvalidToolInputError({
        toolName: 'run_script',
        toolInput: '{"code":1}',
        cause: new TypeValidationError({ value: { code: 1 }, cause: new Error('code: expected string') }),
      }),
    row: 'AI_InvalidToolInputError',
    by: 'model',
    rule: 'bad_control_json',
  },
  {
    label: 'a failed repair of a call',
    make: () => new ToolCallRepairError({ cause: new Error('repair gave up'), originalError: noSuchTool() }),
    row: 'AI_ToolCallRepairError',
    by: 'model',
    rule: 'bad_control_json',
  },
  {
    label: 'a reply that is not the structured output asked for',
    make: () =>
      new NoObjectGeneratedError({
        text: 'sure, here it is',
        cause: new JSONParseError({ text: 'sure, here it is', cause: new SyntaxError('x') }),
        response: { id: 'r1', timestamp: new Date(0), modelId: 'gpt-test' },
        usage,
        finishReason: 'stop',
      }),
    row: 'AI_NoObjectGeneratedError',
    by: 'model',
    rule: 'bad_control_json',
  },
  { label: 'HTTP 429', make: () => apiCall(429), row: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)', by: 'provider' },
  { label: 'HTTP 503', make: () => apiCall(503), row: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)', by: 'provider' },
  {
    label: 'a network failure',
    make: () => apiCall(undefined),
    row: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)',
    by: 'provider',
  },
  {
    label: 'HTTP 200 with no completion',
    make: () => apiCall(200),
    row: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)',
    by: 'provider',
  },
  { label: 'HTTP 401', make: () => apiCall(401), row: 'AI_APICallError (401, 403, 404)', by: 'setup' },
  { label: 'HTTP 404', make: () => apiCall(404), row: 'AI_APICallError (401, 403, 404)', by: 'setup' },
  { label: 'HTTP 400', make: () => apiCall(400), row: 'AI_APICallError (other 4xx)', by: 'provider' },
  {
    label: 'a failure mid-stream',
    make: () => new StreamProviderError({ message: 'overloaded', statusCode: 529 }),
    row: 'AI_StreamProviderError',
    by: 'provider',
  },
  { label: 'an empty body', make: () => new EmptyResponseBodyError({}), row: 'AI_EmptyResponseBodyError', by: 'provider' },
  {
    label: 'a body in no known format',
    make: () => new InvalidResponseDataError({ data: { choices: null }, message: 'no choices' }),
    row: 'AI_InvalidResponseDataError',
    by: 'provider',
  },
  {
    label: 'a body that is not JSON',
    make: () => new JSONParseError({ text: '<html>', cause: new SyntaxError('x') }),
    row: 'AI_JSONParseError',
    by: 'provider',
  },
  {
    label: 'a body that fits no schema',
    make: () => new TypeValidationError({ value: { choices: 1 }, cause: new Error('choices: expected array') }),
    row: 'AI_TypeValidationError',
    by: 'provider',
  },
  { label: 'no content generated', make: () => new NoContentGeneratedError(), row: 'AI_NoContentGeneratedError', by: 'provider' },
  { label: 'no output', make: () => new NoOutputGeneratedError(), row: 'AI_NoOutputGeneratedError', by: 'provider' },
  {
    label: 'no output because of a rejected reply',
    make: () => new NoOutputGeneratedError({ cause: violation('none') }),
    row: 'AI_ToolChoiceViolationError (none)',
    by: 'model',
    rule: 'bad_control_json',
  },
  {
    label: "the SDK's retries spent on 429s",
    make: () => new RetryError({ message: 'Failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [apiCall(429), apiCall(429)] }),
    row: 'AI_APICallError (408, 409, 429, 5xx, no status, unusable 2xx)',
    by: 'provider',
  },
  {
    label: "the SDK's retries, with no error",
    make: () => new RetryError({ message: 'aborted', reason: 'abort', errors: [] }),
    row: 'AI_RetryError',
    by: 'provider',
  },
  { label: 'a timeout', make: () => new DOMException('signal timed out', 'TimeoutError'), row: 'TimeoutError, AbortError', by: 'provider' },
  {
    label: 'a missing API key',
    make: () => new LoadAPIKeyError({ message: 'OpenAI API key is missing' }),
    row: 'AI_LoadAPIKeyError, AI_LoadSettingError, AI_NoSuchModelError',
    by: 'setup',
  },
  {
    label: 'a missing setting',
    make: () => new LoadSettingError({ message: 'baseURL is missing' }),
    row: 'AI_LoadAPIKeyError, AI_LoadSettingError, AI_NoSuchModelError',
    by: 'setup',
  },
  {
    label: 'an unknown model',
    make: () => new NoSuchModelError({ modelId: 'gpt-0', modelType: 'languageModel' }),
    row: 'AI_LoadAPIKeyError, AI_LoadSettingError, AI_NoSuchModelError',
    by: 'setup',
  },
  ...[
    () => new InvalidPromptError({ prompt: [], message: 'messages must not be empty' }),
    () => new InvalidArgumentError({ parameter: 'temperature', value: -1, message: 'temperature must be >= 0' }),
    () => new MissingToolResultsError({ toolCallIds: ['call_1'] }),
    () => new MessageConversionError({ originalMessage: { role: 'user', parts: [] }, message: 'cannot convert' }),
    () => new UnsupportedFunctionalityError({ functionality: 'tool results with images' }),
  ].map((make) => ({
    label: `a bad request of ours (${(make() as Error).name})`,
    make,
    row: SDK_ERRORS.at(-1)!.error,
    by: 'harness' as const,
  })),
];

describe('the table of SDK errors', () => {
  test.each(CASES)('$label: $by', ({ make, row, by, rule }) => {
    const error = make();
    expect(sdkErrorRow(error)?.error).toBe(row);
    expect(sdkErrorRow(error)?.by).toBe(by);
    const fault = modelFault(error);
    if (by !== 'model') {
      expect(fault).toBeUndefined();
      return;
    }
    expect(fault?.rule).toBe(rule);
    expect(fault?.message).toMatch(/^the reply was rejected \(AI_\w+\): /);
    // A model's mistake is not retried: a retry would be a second chance the text protocol never gives.
    expect(classifySdkError(error).action).not.toBe('retry');
  });

  test('every row is matched by a case, and every row says why', () => {
    const matched = new Set(CASES.map((c) => c.row));
    expect(SDK_ERRORS.map((r) => r.error).filter((e) => !matched.has(e))).toEqual([]);
    for (const row of SDK_ERRORS) {
      expect(row.why.length).toBeGreaterThan(10);
      expect(row.rule !== undefined).toBe(row.by === 'model');
    }
  });

  test('the reply is read out of the error: text and calls of a plan, the call with bad arguments', () => {
    expect(modelFault(violation('none'))).toMatchObject({
      error: 'AI_ToolChoiceViolationError',
      asText: true,
      reply: {
        text: 'My plan: look first.',
        calls: [{ id: 'call_1', name: 'query', input: { type: 'native_balance', address: 'agent' } }],
      },
    });
    expect(modelFault(violation('required'))).toMatchObject({ asText: false, reply: { text: 'Done.', calls: [] } });
    expect(modelFault(badInput())?.reply.calls).toEqual([{ id: 'rejected_call', name: 'submit', input: '{bad' }]);
    expect(modelFault(noSuchTool())?.message).toContain("unavailable tool 'transfer'");
  });

  test('a mistake reaches the dialogue wrapped as retry.ts wraps it (one attempt), and is still the model’s', async () => {
    const policy = { maxRetries: 3, timeoutMs: 5_000, baseDelayMs: 1, maxDelayMs: 1 };
    let attempts = 0;
    const thrown = await withRetries(
      'test',
      policy,
      undefined,
      async () => {
        attempts++;
        throw violation('none');
      },
      classifySdkError,
    ).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(modelFault(thrown)?.error).toBe('AI_ToolChoiceViolationError');
    // A provider's failure stays one: wrapped, it is still no model fault.
    expect(modelFault(new ModelInfraError('test: failed after 4 attempts', { cause: apiCall(503), attempts: 4 }))).toBeUndefined();
  });
});

/** A tool-calling model whose replies are given in order; a function throws instead. */
function scripted(
  replies: (Omit<ToolReply, 'latencyMs' | 'attempts'> | (() => never))[],
): Model & Required<Pick<Model, 'respondWithTools'>> {
  const next = () => {
    const r = replies.shift();
    if (!r) throw new Error('no reply left');
    if (typeof r === 'function') return r();
    return { ...r, latencyMs: 1, attempts: 1 };
  };
  return {
    id: 'scripted',
    describe: 'test',
    respond: async () => next(),
    respondWithTools: async () => next(),
  };
}
const prompt = [
  { role: 'system' as const, content: 'system' },
  { role: 'user' as const, content: 'request' },
];
const messagesOf = (d: ToolDialogue) => (d as unknown as { messages: DialogueMessage[] }).messages;

describe('the dialogue turns a model’s mistake into its round', () => {
  test('tools: a plan with a tool call is taken as text; its call is answered as not run', async () => {
    const model = scripted([
      () => {
        throw new ModelInfraError('test: request rejected', { cause: violation('none'), attempts: 1 });
      },
      { text: '', calls: [{ id: 'c2', name: 'submit', input: {} }] },
    ]);
    const d = new ToolDialogue(prompt, model, 1, toolsFor('composite', false));
    const plan = await d.say();
    expect(plan).toBe('My plan: look first.\n[tool call] query({"type":"native_balance","address":"agent"})');
    d.answer('Round 1 of 3.');
    expect(messagesOf(d).slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'My plan: look first.',
        toolCalls: [{ id: 'call_1', name: 'query', input: { type: 'native_balance', address: 'agent' } }],
      },
      {
        role: 'tool',
        results: [{ id: 'call_1', name: 'query', output: expect.stringMatching(/^not executed: this reply was to be in words/) }],
      },
      { role: 'user', content: 'Round 1 of 3.' },
    ]);
    expect((await d.act()).action).toEqual({ kind: 'submit' });
    expect(d.modelFields().answers).toEqual({ live: 2, replayed: 0 });
  });

  test('tools: a round the SDK rejected is an invalid round under its rule; the feedback answers the call', async () => {
    const model = scripted([
      () => {
        throw badInput();
      },
    ]);
    const d = new ToolDialogue(prompt, model, 1, toolsFor('composite', false));
    const turn = await d.act();
    expect(turn.action).toMatchObject({
      kind: 'invalid',
      rule: 'bad_control_json',
      message: expect.stringContaining('Invalid input for tool submit'),
    });
    expect(turn.text).toBe('[tool call] submit("{bad")');
    d.answer('not valid (bad_control_json): …');
    expect(messagesOf(d).at(-1)).toEqual({
      role: 'tool',
      results: [{ id: 'rejected_call', name: 'submit', output: 'not valid (bad_control_json): …' }],
    });
  });

  test('text: a reply the SDK rejected is an invalid round; a plan is its text', async () => {
    const rejected = () => {
      throw new NoObjectGeneratedError({
        text: 'no idea',
        response: { id: 'r', timestamp: new Date(0), modelId: 'm' },
        usage,
        finishReason: 'stop',
      });
    };
    const d = new TextDialogue(prompt, scripted([rejected, rejected]), 1, () => ({ kind: 'submit' }));
    expect(await d.say()).toBe('no idea');
    expect((await d.act()).action).toMatchObject({ kind: 'invalid', rule: 'bad_control_json' });
    expect(d.transcript()).toBe('[assistant] no idea\n\n[assistant] no idea');
  });

  test("a provider's failure is thrown as before (the solver records infra)", async () => {
    const failure = new ModelInfraError('test: failed after 4 attempts', { cause: apiCall(503), attempts: 4 });
    const fail = () => {
      throw failure;
    };
    await expect(new ToolDialogue(prompt, scripted([fail]), 1, toolsFor('atomic', false)).act()).rejects.toBe(failure);
    await expect(new TextDialogue(prompt, scripted([fail]), 1, () => ({ kind: 'submit' })).act()).rejects.toBe(failure);
  });
});
