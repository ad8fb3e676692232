import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ModelConfigError, ModelInfraError, resolveModel } from '../../src/model/index.ts';
import type { ChatMessage, ModelCall, ModelSettings } from '../../src/model/index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'questbench-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeModule(name: string, code: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, code);
  return file;
}

// Temp modules live outside the repo, so they import the SDK's test helpers by absolute URL.
const aiTestUrl = pathToFileURL(createRequire(import.meta.url).resolve('ai/test')).href;

const settings: ModelSettings = { temperature: 0.2, maxRetries: 1, timeoutMs: 2_000, retryBaseMs: 1, maxOutputTokens: 64 };
const ctx: ModelCall = { round: 2 };
const messages: ChatMessage[] = [
  { role: 'system', content: 'be terse' },
  { role: 'user', content: 'swap 1 WETH for DAI' },
];

describe('module models', () => {
  it('drives a module exporting respond() that returns { text, usage }', async () => {
    const file = writeModule(
      'respond.ts',
      `import type { ChatMessage } from ${JSON.stringify(path.resolve('src/model/types.ts'))};
export async function respond(messages: ChatMessage[], request: { signal: AbortSignal }) {
  const last = messages[messages.length - 1]!;
  return { text: \`[\${Object.keys(request)}] \${arguments.length} \${request.signal instanceof AbortSignal}: \${last.content}\`, usage: { inputTokens: 5, outputTokens: 7 } };
}
`,
    );
    const model = await resolveModel(`module:${file}`, settings);
    expect(model.id).toBe(`module:${file}`);
    expect(model.describe).toContain('respond()');
    const reply = await model.respond(messages, ctx);
    expect(reply).toMatchObject({ text: '[signal] 2 true: swap 1 WETH for DAI', usage: { inputTokens: 5, outputTokens: 7 }, attempts: 1 });
  });

  it('accepts a default-exported respond returning a plain string, with a cwd-relative path', async () => {
    const file = writeModule('default-respond.mjs', `export default async (messages) => 'got ' + messages.length;\n`);
    const relative = path.relative(process.cwd(), file);
    const model = await resolveModel(`module:${relative}`, settings);
    expect(model.id).toBe(`module:${relative}`);
    const reply = await model.respond(messages, ctx);
    expect(reply.text).toBe('got 2');
    expect(reply.usage).toBeUndefined();
  });

  it('drives a default-exported AI SDK LanguageModel (MockLanguageModelV4) through generateText', async () => {
    const file = writeModule(
      'mock-lm.mjs',
      `import { MockLanguageModelV4 } from ${JSON.stringify(aiTestUrl)};
globalThis.__questbenchMockCalls = [];
export default new MockLanguageModelV4({
  provider: 'mock-provider',
  modelId: 'mock-1',
  doGenerate: async (options) => {
    globalThis.__questbenchMockCalls.push(options);
    return {
      content: [{ type: 'text', text: 'mocked answer' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 11, noCache: 11, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 4, text: 4, reasoning: undefined },
      },
      warnings: [],
    };
  },
});
`,
    );
    const model = await resolveModel(`module:${file}`, settings);
    expect(model.describe).toContain('mock-provider/mock-1');
    const reply = await model.respond(messages, ctx);
    expect(reply).toMatchObject({ text: 'mocked answer', usage: { inputTokens: 11, outputTokens: 4 }, attempts: 1 });

    const calls = (globalThis as { __questbenchMockCalls?: Array<Record<string, unknown>> }).__questbenchMockCalls!;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.temperature).toBe(0.2);
    expect(calls[0]!.maxOutputTokens).toBe(64);
    expect(calls[0]!.prompt).toEqual([
      { role: 'system', content: 'be terse' },
      { role: 'user', content: [{ type: 'text', text: 'swap 1 WETH for DAI' }] },
    ]);
  });

  it('retries a LanguageModel export that returns garbage, like the openai path', async () => {
    const file = writeModule(
      'flaky-lm.mjs',
      `import { MockLanguageModelV4 } from ${JSON.stringify(aiTestUrl)};
import { APICallError } from 'ai';
let n = 0;
export const model = new MockLanguageModelV4({
  doGenerate: async () => {
    n++;
    if (n === 1) throw new APICallError({ message: 'overloaded', url: 'x', requestBodyValues: {}, statusCode: 503 });
    return {
      content: [{ type: 'text', text: 'second time lucky' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } },
      warnings: [],
    };
  },
});
`.replace(`from 'ai'`, `from ${JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve('ai')).href)}`),
    );
    const model = await resolveModel(`module:${file}`, settings);
    const reply = await model.respond(messages, ctx);
    expect(reply.text).toBe('second time lucky');
    expect(reply.attempts).toBe(2);
  });

  it('rejects a module without a usable export, naming the file and what it must export', async () => {
    const file = writeModule('nothing.mjs', `export const answer = 42;\nexport default { name: 'not a model' };\n`);
    const err = await resolveModel(`module:${file}`, settings).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(ModelConfigError);
    expect((err as Error).message).toContain(file);
    expect((err as Error).message).toMatch(/found: answer, default/);
    expect((err as Error).message).toMatch(/respond\(messages, \{ signal \}\)/);
    expect((err as Error).message).toMatch(/LanguageModel/);
  });

  it('rejects a missing file', async () => {
    const missing = path.join(dir, 'does-not-exist.ts');
    const err = await resolveModel(`module:${missing}`, settings).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(ModelConfigError);
    expect((err as Error).message).toContain(`not found: ${missing}`);
  });

  it('rejects a module that fails to load', async () => {
    const file = writeModule('broken.mjs', `export const x = ;\n`);
    const err = await resolveModel(`module:${file}`, settings).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(ModelConfigError);
    expect((err as Error).message).toContain(`${file} failed to load`);
  });

  it('reports a wrong reply shape as a config error and a hung respond() as an infra error', async () => {
    const wrong = writeModule('wrong-shape.mjs', `export async function respond() { return { answer: 'x' }; }\n`);
    const wrongModel = await resolveModel(`module:${wrong}`, settings);
    await expect(wrongModel.respond(messages, ctx)).rejects.toThrow(ModelConfigError);

    const hung = writeModule('hung.mjs', `export function respond() { return new Promise(() => {}); }\n`);
    const hungModel = await resolveModel(`module:${hung}`, { ...settings, timeoutMs: 100 });
    const err = await hungModel.respond(messages, ctx).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(ModelInfraError);
    expect((err as Error).message).toMatch(/no answer within 100 ms/);
  });
});
