import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModelConfigError, ModelInfraError, resolveModel } from '../../src/model/index.ts';
import type { ChatMessage, ModelCall, ModelSettings } from '../../src/model/index.ts';

// A minimal OpenAI-compatible chat-completions server; each test decides how it answers.
interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
type Handler = (req: SeenRequest, res: http.ServerResponse, n: number) => void;

let server: http.Server;
let baseURL: string;
let handler: Handler;
let seen: SeenRequest[] = [];

function completion(text: string, usage = { prompt_tokens: 17, completion_tokens: 9 }) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'served-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const ok: Handler = (_req, res) => sendJson(res, 200, completion('```typescript\nexport {};\n```'));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        return;
      }
      const entry: SeenRequest = { method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw) };
      seen.push(entry);
      handler(entry, res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = ok;
});

const fast: ModelSettings = { temperature: 0.3, maxRetries: 2, timeoutMs: 5_000, retryBaseMs: 1, maxOutputTokens: 321 };
const ctx: ModelCall = { round: 0 };
const messages: ChatMessage[] = [
  { role: 'system', content: 'You write TypeScript.' },
  { role: 'system', content: 'Reply with one fenced block.' },
  { role: 'user', content: 'Send 1 ETH to vitalik.eth' },
  { role: 'assistant', content: 'previous attempt' },
  { role: 'user', content: 'It reverted; fix it.' },
];

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

describe('openai model against a local OpenAI-compatible server', () => {
  it('sends model id, temperature, system and user content and the key; returns text and usage', async () => {
    const model = await resolveModel('openai:my-test-model', fast, { OPENAI_API_KEY: 'sk-test-123', OPENAI_BASE_URL: baseURL });
    expect(model.id).toBe('openai:my-test-model');
    expect(model.describe).toContain(baseURL);
    expect(model.describe).not.toContain('\n');

    const reply = await model.respond(messages, ctx);
    expect(reply.text).toBe('```typescript\nexport {};\n```');
    expect(reply.usage).toEqual({ inputTokens: 17, outputTokens: 9 });
    expect(reply.attempts).toBe(1);
    expect(reply.latencyMs).toBeGreaterThan(0);

    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.headers.authorization).toBe('Bearer sk-test-123');
    expect(req.body.model).toBe('my-test-model');
    expect(req.body.temperature).toBe(0.3);
    expect(req.body.max_tokens).toBe(321);
    expect(req.body.messages).toEqual([
      { role: 'system', content: 'You write TypeScript.\n\nReply with one fenced block.' },
      { role: 'user', content: 'Send 1 ETH to vitalik.eth' },
      { role: 'assistant', content: 'previous attempt' },
      { role: 'user', content: 'It reverted; fix it.' },
    ]);
  });

  it('uses a placeholder key when only OPENAI_BASE_URL is set', async () => {
    const model = await resolveModel('openai:local', fast, { OPENAI_BASE_URL: `${baseURL}/` });
    await model.respond(messages, ctx);
    expect(seen[0]!.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('requires OPENAI_API_KEY when no base URL is given', async () => {
    const err = await rejection(resolveModel('openai:gpt-5', fast, {}));
    expect(err).toBeInstanceOf(ModelConfigError);
    expect(err.message).toBe('OPENAI_API_KEY is not set: export it, or set OPENAI_BASE_URL for a local OpenAI-compatible server');
  });

  it('retries 429s, honoring Retry-After over its own backoff', async () => {
    handler = (_req, res, n) => {
      if (n <= 2) sendJson(res, 429, { error: { message: 'rate limited' } }, { 'retry-after': '0' });
      else ok(_req, res, n);
    };
    // A 10 s base delay would make this test slow if Retry-After: 0 were ignored.
    const model = await resolveModel('openai:m', { ...fast, retryBaseMs: 10_000 }, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const started = Date.now();
    const reply = await model.respond(messages, ctx);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(reply.attempts).toBe(3);
    expect(reply.usage).toEqual({ inputTokens: 17, outputTokens: 9 });
    expect(seen).toHaveLength(3);
  });

  it('gives up on a server that keeps answering 500 after maxRetries + 1 attempts', async () => {
    handler = (_req, res) => sendJson(res, 500, { error: { message: 'upstream exploded' } });
    const model = await resolveModel('openai:m', fast, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(3);
    expect((err as ModelInfraError).status).toBe(500);
    expect(err.message).toMatch(/after 3 attempts.*HTTP 500.*upstream exploded/);
    expect(seen).toHaveLength(3);
  });

  it('retries garbage bodies, then reports them', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>definitely not json');
    };
    const model = await resolveModel('openai:m', { ...fast, maxRetries: 1 }, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(2);
    expect(err.message).toMatch(/unusable response/);
    expect(seen).toHaveLength(2);
  });

  it('retries a JSON body that is not a chat completion', async () => {
    handler = (_req, res, n) => (n === 1 ? sendJson(res, 200, { hello: 'world' }) : ok(_req, res, n));
    const model = await resolveModel('openai:m', fast, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const reply = await model.respond(messages, ctx);
    expect(reply.attempts).toBe(2);
  });

  it('times out a hanging attempt, retries, then reports the timeout', async () => {
    handler = () => {}; // never answers
    const model = await resolveModel(
      'openai:m',
      { ...fast, maxRetries: 2, timeoutMs: 150 },
      { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL },
    );
    const started = Date.now();
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(3);
    expect(err.message).toMatch(/no response within 150 ms/);
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 - 20);
  });

  it('recovers when only the first attempt hangs', async () => {
    handler = (req, res, n) => (n === 1 ? undefined : ok(req, res, n));
    const model = await resolveModel('openai:m', { ...fast, timeoutMs: 150 }, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const reply = await model.respond(messages, ctx);
    expect(reply.attempts).toBe(2);
  });

  it('fails fast on a 400', async () => {
    handler = (_req, res) => sendJson(res, 400, { error: { message: 'context length exceeded' } });
    const model = await resolveModel('openai:m', fast, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(1);
    expect((err as ModelInfraError).status).toBe(400);
    expect(err.message).toMatch(/context length exceeded/);
    expect(seen).toHaveLength(1);
  });

  it('treats 401 as a configuration problem, without retrying', async () => {
    handler = (_req, res) => sendJson(res, 401, { error: { message: 'Incorrect API key provided' } });
    const model = await resolveModel('openai:m', fast, { OPENAI_API_KEY: 'wrong', OPENAI_BASE_URL: baseURL });
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelConfigError);
    expect(err.message).toMatch(/OPENAI_API_KEY/);
    expect(seen).toHaveLength(1);
  });

  it('retries network errors (nothing listening)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const model = await resolveModel(
      'openai:m',
      { ...fast, maxRetries: 1 },
      { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
    );
    const err = await rejection(model.respond(messages, ctx));
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as ModelInfraError).attempts).toBe(2);
    expect(err.message).toMatch(/Cannot connect/);
  });

  it('passes a caller abort through without retrying or wrapping it', async () => {
    handler = () => {};
    const model = await resolveModel('openai:m', fast, { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('run cancelled')), 100);
    const err = await rejection(model.respond(messages, { ...ctx, signal: controller.signal }));
    expect(err.message).toBe('run cancelled');
    expect(err).not.toBeInstanceOf(ModelInfraError);
    expect(seen).toHaveLength(1);
  });
});
