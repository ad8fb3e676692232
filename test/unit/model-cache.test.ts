// Which models the response cache applies to, and what its key depends on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheModeFor, withResponseCache } from '../../src/model/cache.ts';
import { resolveModel, type Model, type ModelSettings } from '../../src/model/index.ts';
import { referenceModel } from '../../src/model/reference.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'questbench-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const settings: ModelSettings = { temperature: 0.7, maxRetries: 0, timeoutMs: 2_000 };
const messages = [{ role: 'user' as const, content: 'wrap 0.1 BNB' }];

function respondModule(name: string, answer: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `export async function respond() { return ${JSON.stringify(answer)}; }\n`);
  return file;
}

describe('cache mode per model', () => {
  it('caches remote models by default, a respond() module only when QUEST_CACHE is set, reference and null never', async () => {
    const openai = await resolveModel('openai:gpt-x', settings, { OPENAI_API_KEY: 'k' });
    const module = await resolveModel(`module:${respondModule('agent.mjs', 'v1')}`, settings);
    const nul = await resolveModel('null', settings);
    expect(cacheModeFor(openai, undefined)).toBe('auto');
    expect(cacheModeFor(openai, 'off')).toBe('off');
    expect(cacheModeFor(module, undefined)).toBe('off');
    expect(cacheModeFor(module, 'auto')).toBe('auto');
    expect(cacheModeFor(nul, 'auto')).toBe('off');
    expect(cacheModeFor(referenceModel('t', 'declare const PARAMS: {};', {}), 'auto')).toBe('off');
  });

  it('keys a remote model by endpoint, model id and sampling settings', async () => {
    const key = async (id: string, s: Partial<ModelSettings>, base?: string) =>
      (await resolveModel(`openai:${id}`, { ...settings, ...s }, { OPENAI_API_KEY: 'k', ...(base ? { OPENAI_BASE_URL: base } : {}) }))
        .cache!.key;
    const a = await key('m', {});
    expect(await key('m', {})).toBe(a);
    expect(await key('m2', {})).not.toBe(a);
    expect(await key('m', { temperature: 0.2 })).not.toBe(a);
    expect(await key('m', { maxOutputTokens: 100 })).not.toBe(a);
    expect(await key('m', {}, 'http://127.0.0.1:8000/v1')).not.toBe(a);
  });

  it('keys a respond() module by its content: an edited module never replays its old answers', async () => {
    const file = respondModule('edited.mjs', 'v1');
    const before = (await resolveModel(`module:${file}`, settings)).cache!.key;
    writeFileSync(file, `export async function respond() { return 'v2'; }\n`);
    const after = (await resolveModel(`module:${file}`, settings)).cache!.key;
    expect(after).not.toBe(before);
  });
});

describe('withResponseCache', () => {
  let calls = 0;
  const model: Model = {
    id: 'openai:m',
    describe: 'm',
    cache: { key: 'openai:m@x', folder: 'openai:m', byDefault: true },
    respond: async () => ({ text: `answer ${++calls}`, usage: { inputTokens: 3, outputTokens: 2 }, latencyMs: 5, attempts: 1 }),
  };

  it('replays a hit without a call and without usage, one sample per round', async () => {
    const cached = withResponseCache(model, { dir: path.join(dir, 'c1'), mode: 'auto' });
    const first = await cached.respond(messages, { round: 1 });
    expect(first).toMatchObject({ text: 'answer 1', usage: { inputTokens: 3, outputTokens: 2 } });
    expect(first.cached).toBeUndefined();
    const again = await cached.respond(messages, { round: 1 });
    expect(again).toMatchObject({ text: 'answer 1', cached: true, attempts: 0 });
    expect(again.usage).toBeUndefined();
    expect((await cached.respond(messages, { round: 2 })).text).toBe('answer 2');
    expect(calls).toBe(2);
  });

  it('read only replays, write only stores, off passes through', async () => {
    const d = path.join(dir, 'c2');
    expect((await withResponseCache(model, { dir: d, mode: 'read' }).respond(messages, { round: 1 })).cached).toBeUndefined();
    await withResponseCache(model, { dir: d, mode: 'write' }).respond(messages, { round: 1 });
    expect((await withResponseCache(model, { dir: d, mode: 'write' }).respond(messages, { round: 1 })).cached).toBeUndefined();
    expect((await withResponseCache(model, { dir: d, mode: 'read' }).respond(messages, { round: 1 })).cached).toBe(true);
    expect(withResponseCache(model, { dir: d, mode: 'off' })).toBe(model);
  });
});
