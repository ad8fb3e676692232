// The provider table, and each new provider against a local server that answers as its API does
// (response shapes from the provider package's own fixtures: test/fixtures/providers/): a text reply,
// a tool call, a 429 retried and then reported, and what a missing key, a 401 and a 404 tell the user.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigError, ModelInfraError, parseModelSpec, resolveModel } from '../../src/model/index.ts';
import type { ChatMessage, ModelSettings } from '../../src/model/index.ts';
import { PROVIDER_ENV_VARS, PROVIDERS } from '../../src/model/providers/index.ts';
import { googleRetryDelayMs } from '../../src/model/providers/google.ts';
import { checkModelSpec } from '../../src/model/resolve.ts';
import type { ToolSpec } from '../../src/model/types.ts';
import { modelEnv, QuestOptions, resolveConfig } from '../../src/plugin/config.ts';
import { QuestError } from '../../src/errors.ts';
import {
  anthropicError,
  anthropicRateLimited,
  anthropicText,
  anthropicToolUse,
  startAnthropicServer,
} from '../fixtures/providers/anthropic.ts';
import {
  googleError,
  googleFunctionCall,
  googleModelOf,
  googleRateLimited,
  googleText,
  startGoogleServer,
} from '../fixtures/providers/google.ts';
import type { ProviderServer } from '../fixtures/providers/server.ts';

const fast: ModelSettings = { temperature: 0.3, maxRetries: 2, timeoutMs: 5_000, retryBaseMs: 1, maxOutputTokens: 321 };
const messages: ChatMessage[] = [
  { role: 'system', content: 'You write TypeScript.' },
  { role: 'user', content: 'Send 1 BNB to the owner.' },
];
const tools: ToolSpec[] = [
  {
    name: 'run_script',
    description: 'Run a TypeScript script.',
    parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
  },
];
const CODE = '```typescript\nexport {};\n```';

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

describe('the provider table', () => {
  it('parses every prefix of the table, ids with slashes and colons included', () => {
    expect(PROVIDERS.map((p) => p.prefix)).toEqual(['openai', 'anthropic', 'google']);
    expect(parseModelSpec('anthropic:claude-sonnet-4-5')).toEqual({ kind: 'anthropic', id: 'claude-sonnet-4-5' });
    expect(parseModelSpec('google:gemini-2.5-pro')).toEqual({ kind: 'google', id: 'gemini-2.5-pro' });
    expect(parseModelSpec('google:tunedModels/my-model')).toEqual({ kind: 'google', id: 'tunedModels/my-model' });
    for (const p of PROVIDERS) {
      expect(() => parseModelSpec(`${p.prefix}:`)).toThrow(`needs a model id after "${p.prefix}:" (e.g. ${p.prefix}:${p.example})`);
    }
  });

  it('lists every provider among the valid forms', () => {
    const message = (() => {
      try {
        parseModelSpec('cohere:command');
      } catch (e) {
        return (e as Error).message;
      }
    })();
    for (const p of PROVIDERS) expect(message).toContain(`"${p.prefix}:<model-id>" (${p.says})`);
  });

  it('the table is what the configuration and its page list', () => {
    const models = QuestOptions.shape.model.description ?? '';
    const page = readFileSync('docs/configuration.md', 'utf8');
    for (const p of PROVIDERS) {
      expect(models).toContain(`${p.prefix}:<id>`);
      for (const v of p.env) expect(page).toContain(`| \`${v.name}\` |`);
    }
  });

  it('the plugin passes on every variable of the table, and nothing else of the environment', () => {
    expect(PROVIDER_ENV_VARS).toEqual([
      'OPENAI_API_KEY',
      'OPENAI_BASE_URL',
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_BASE_URL',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      'GOOGLE_GENERATIVE_AI_BASE_URL',
    ]);
    const env = Object.fromEntries([...PROVIDER_ENV_VARS.map((v) => [v, `value of ${v}`]), ['HOME', '/root'], ['AWS_SECRET', 'x']]);
    expect(modelEnv(resolveConfig({}, {}), env)).toEqual(Object.fromEntries(PROVIDER_ENV_VARS.map((v) => [v, `value of ${v}`])));
  });

  it.each([
    ['anthropic:claude-x', 'ANTHROPIC_API_KEY is not set: export it, or set ANTHROPIC_BASE_URL for a server that needs no key'],
    [
      'google:gemini-x',
      'GOOGLE_GENERATIVE_AI_API_KEY is not set: export it, or set GOOGLE_GENERATIVE_AI_BASE_URL for a server that needs no key',
    ],
  ])('%s without a key or a base URL is a configuration error before anything loads', async (spec, message) => {
    expect(() => checkModelSpec(spec, {})).toThrow(message);
    const err = await rejection(resolveModel(spec, fast, {}));
    expect(err).toBeInstanceOf(ModelConfigError);
    expect(err).toBeInstanceOf(QuestError);
    expect((err as QuestError).code).toBe('MODEL_CONFIG');
    expect(err.message).toBe(message);
    // Another provider's key does not count.
    expect(() => checkModelSpec(spec, { OPENAI_API_KEY: 'sk' })).toThrow(message);
  });

  it('reads the wait a Gemini 429 asks for in its body (google.rpc.RetryInfo)', () => {
    expect(googleRetryDelayMs(JSON.stringify((googleRateLimited('34.4s').body as object) ?? {}))).toBe(34_400);
    expect(googleRetryDelayMs(JSON.stringify({ error: { code: 429, message: 'x', status: 'RESOURCE_EXHAUSTED' } }))).toBeUndefined();
    expect(googleRetryDelayMs('<html>')).toBeUndefined();
    expect(googleRetryDelayMs(undefined)).toBeUndefined();
  });
});

describe('anthropic: against a local Messages API', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startAnthropicServer(() => anthropicText(CODE));
  });
  afterAll(() => server.close());
  const env = () => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.baseURL });

  it('a text reply: sends the key, model, temperature, system and messages; returns text and usage', async () => {
    server.reset(() => anthropicText(CODE, 'claude-sonnet-4-5', { input: 10, output: 5 }));
    const model = await resolveModel('anthropic:claude-sonnet-4-5', fast, env());
    expect(model.id).toBe('anthropic:claude-sonnet-4-5');
    expect(model.describe).toBe(
      `anthropic:claude-sonnet-4-5 via the Messages API at ${server.baseURL} (temperature 0.3, maxOutputTokens 321, timeout 5000 ms, up to 2 retries)`,
    );
    expect(model.cache?.key).toContain(`anthropic:claude-sonnet-4-5@${server.baseURL}`);
    const reply = await model.respond(messages, { round: 1 });
    expect(reply).toMatchObject({ text: CODE, usage: { inputTokens: 10, outputTokens: 5 }, attempts: 1 });
    const req = server.seen[0]!;
    expect(req.headers['x-api-key']).toBe('sk-ant-test');
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      temperature: 0.3,
      max_tokens: 321,
      system: [{ type: 'text', text: 'You write TypeScript.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Send 1 BNB to the owner.' }] }],
    });
  });

  it('a tool call: offers the tools with their schemas and returns the call as the model made it', async () => {
    server.reset(() => anthropicToolUse('run_script', { code: 'export {}' }));
    const model = await resolveModel('anthropic:claude-sonnet-4-5', fast, env());
    const reply = await model.respondWithTools!(messages, tools, { round: 1, toolChoice: 'auto' });
    expect(reply.calls).toEqual([{ id: expect.stringMatching(/^toolu_/), name: 'run_script', input: { code: 'export {}' } }]);
    expect(reply.text).toBe('I will call the tool.');
    expect(reply.usage).toEqual({ inputTokens: 602, outputTokens: 93 });
    expect(server.seen[0]!.body).toMatchObject({
      tools: [{ name: 'run_script', description: 'Run a TypeScript script.', input_schema: tools[0]!.parameters }],
      tool_choice: { type: 'auto' },
    });
  });

  it('a 429 is retried (honouring retry-after), and 429s that outlast the retries say what to do', async () => {
    server.reset((_req, n) => (n === 1 ? anthropicRateLimited('0') : anthropicText(CODE)));
    // A 10 s base delay would make this slow if retry-after: 0 were ignored.
    const slowBackoff = { ...fast, retryBaseMs: 10_000 };
    const model = await resolveModel('anthropic:claude-sonnet-4-5', slowBackoff, env());
    const started = Date.now();
    expect((await model.respond(messages, { round: 1 })).attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);

    server.reset(() => anthropicRateLimited('0'));
    const err = await rejection(model.respond(messages, { round: 1 }));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(3);
    expect((err as ModelInfraError).status).toBe(429);
    expect(err.message).toBe(
      'anthropic:claude-sonnet-4-5: failed after 3 attempts; last error: HTTP 429: Number of request tokens has exceeded your per-minute rate limit; ' +
        "Anthropic's rate limit: lower QUEST_CONCURRENCY, or raise the organization's usage tier",
    );
    expect(server.seen).toHaveLength(3);
  });

  it('a 401 names ANTHROPIC_API_KEY, a 404 the model id and ANTHROPIC_BASE_URL; neither is retried', async () => {
    server.reset(() => anthropicError(401, 'authentication_error', 'invalid x-api-key'));
    const model = await resolveModel('anthropic:claude-nope', fast, env());
    const auth = await rejection(model.respond(messages, { round: 1 }));
    expect(auth).toBeInstanceOf(ModelConfigError);
    expect(auth.message).toBe(
      'anthropic:claude-nope: HTTP 401 (invalid x-api-key): check the API key (ANTHROPIC_API_KEY) and its permissions',
    );
    expect(server.seen).toHaveLength(1);
    server.reset(() => anthropicError(404, 'not_found_error', 'model: claude-nope'));
    const missing = await rejection(model.respond(messages, { round: 1 }));
    expect(missing).toBeInstanceOf(ModelConfigError);
    expect(missing.message).toMatch(/HTTP 404 \(model: claude-nope\): check the model id .*ANTHROPIC_BASE_URL/);
    expect(server.seen).toHaveLength(1);
  });

  it('with only ANTHROPIC_BASE_URL set, a placeholder key is sent', async () => {
    server.reset(() => anthropicText(CODE));
    const model = await resolveModel('anthropic:claude-sonnet-4-5', fast, { ANTHROPIC_BASE_URL: `${server.baseURL}/` });
    await model.respond(messages, { round: 1 });
    expect(server.seen[0]!.headers['x-api-key']).toMatch(/^\S+$/);
  });
});

describe('google: against a local generateContent', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startGoogleServer(() => googleText(CODE));
  });
  afterAll(() => server.close());
  const env = () => ({ GOOGLE_GENERATIVE_AI_API_KEY: 'goog-test', GOOGLE_GENERATIVE_AI_BASE_URL: server.baseURL });

  it('a text reply: sends the key, model, temperature, system instruction and contents; returns text and usage', async () => {
    server.reset(() => googleText(CODE, { input: 9, output: 28 }));
    const model = await resolveModel('google:gemini-test', fast, env());
    expect(model.id).toBe('google:gemini-test');
    expect(model.describe).toBe(
      `google:gemini-test via generateContent at ${server.baseURL} (temperature 0.3, maxOutputTokens 321, timeout 5000 ms, up to 2 retries)`,
    );
    const reply = await model.respond(messages, { round: 1 });
    expect(reply).toMatchObject({ text: CODE, usage: { inputTokens: 9, outputTokens: 28 }, attempts: 1 });
    const req = server.seen[0]!;
    expect(googleModelOf(req)).toBe('gemini-test');
    expect(req.headers['x-goog-api-key']).toBe('goog-test');
    expect(req.body).toMatchObject({
      generationConfig: { temperature: 0.3, maxOutputTokens: 321 },
      systemInstruction: { parts: [{ text: 'You write TypeScript.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Send 1 BNB to the owner.' }] }],
    });
  });

  it('a tool call: offers the functions and returns the call; a plan offers them with mode NONE', async () => {
    server.reset(() => googleFunctionCall('run_script', { code: 'export {}' }));
    const model = await resolveModel('google:gemini-test', fast, env());
    const reply = await model.respondWithTools!(messages, tools, { round: 1, toolChoice: 'auto' });
    expect(reply.calls).toEqual([{ id: expect.any(String), name: 'run_script', input: { code: 'export {}' } }]);
    expect(reply.usage).toEqual({ inputTokens: 29, outputTokens: 15 });
    const body = server.seen[0]!.body as { tools: { functionDeclarations: { name: string }[] }[]; toolConfig: unknown };
    expect(body.tools[0]!.functionDeclarations.map((f) => f.name)).toEqual(['run_script']);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });

    server.reset(() => googleText('First I will read the pool.'));
    const plan = await model.respondWithTools!(messages, tools, { round: 1, toolChoice: 'none' });
    expect(plan).toMatchObject({ text: 'First I will read the pool.', calls: [] });
    expect(server.seen[0]!.body.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
  });

  it('a 429 is retried after the RetryInfo delay of its body, and 429s that outlast the retries say what to do', async () => {
    server.reset((_req, n) => (n === 1 ? googleRateLimited('0s') : googleText(CODE)));
    const model = await resolveModel('google:gemini-test', { ...fast, retryBaseMs: 10_000 }, env());
    const started = Date.now();
    expect((await model.respond(messages, { round: 1 })).attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);

    server.reset(() => googleRateLimited('0s'));
    const err = await rejection(model.respond(messages, { round: 1 }));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(3);
    expect(err.message).toBe(
      'google:gemini-test: failed after 3 attempts; last error: HTTP 429: You exceeded your current quota, please check your plan.; ' +
        "the Gemini API's quota: lower QUEST_CONCURRENCY, or raise the quota of the key's project",
    );
  });

  it('a 403 names GOOGLE_GENERATIVE_AI_API_KEY, a 404 the model id and GOOGLE_GENERATIVE_AI_BASE_URL', async () => {
    server.reset(() => googleError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.'));
    const model = await resolveModel('google:gemini-nope', fast, env());
    const auth = await rejection(model.respond(messages, { round: 1 }));
    expect(auth).toBeInstanceOf(ModelConfigError);
    expect(auth.message).toMatch(/HTTP 403 .*GOOGLE_GENERATIVE_AI_API_KEY/);
    server.reset(() => googleError(404, 'NOT_FOUND', 'models/gemini-nope is not found for API version v1beta'));
    const missing = await rejection(model.respond(messages, { round: 1 }));
    expect(missing).toBeInstanceOf(ModelConfigError);
    expect(missing.message).toMatch(/HTTP 404 .*check the model id .*GOOGLE_GENERATIVE_AI_BASE_URL/);
    expect(server.seen).toHaveLength(1);
  });
});
