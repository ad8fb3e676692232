import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_SETTINGS, ModelConfigError, parseModelSpec, resolveModel } from '../../src/model/index.ts';
import { referenceModel, stripParamsDeclaration } from '../../src/model/reference.ts';
import { backoffDelay, retryAfterMs } from '../../src/model/retry.ts';

const settings = { ...DEFAULT_MODEL_SETTINGS };

function fencedBlock(text: string): string {
  const m = /```typescript\n([\s\S]*?)\n```/.exec(text);
  if (!m) throw new Error(`no fenced typescript block in:\n${text}`);
  return m[1]!;
}

describe('parseModelSpec', () => {
  it('accepts the four forms', () => {
    expect(parseModelSpec('reference')).toEqual({ kind: 'reference' });
    expect(parseModelSpec('null')).toEqual({ kind: 'null' });
    expect(parseModelSpec('openai:gpt-5')).toEqual({ kind: 'openai', id: 'gpt-5' });
    // Model ids of local servers often contain slashes and colons.
    expect(parseModelSpec('openai:qwen/qwen3-coder:30b')).toEqual({ kind: 'openai', id: 'qwen/qwen3-coder:30b' });
    expect(parseModelSpec('module:./models/mine.ts')).toEqual({ kind: 'module', path: './models/mine.ts' });
    expect(parseModelSpec('module:/abs/path/m.mjs')).toEqual({ kind: 'module', path: '/abs/path/m.mjs' });
    expect(parseModelSpec('  null ')).toEqual({ kind: 'null' });
  });

  it.each(['', 'gpt-5', 'openai', 'openai:', 'openai: ', 'openai:gpt 5', 'module:', 'cohere:command', 'REFERENCE', ':x'])(
    'rejects %j and lists the valid forms',
    (spec) => {
      let error: unknown;
      try {
        parseModelSpec(spec);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ModelConfigError);
      const message = (error as Error).message;
      for (const form of ['"reference"', '"null"', '"openai:<model-id>"', '"module:<path>"']) {
        expect(message).toContain(form);
      }
    },
  );

  it('resolveModel rejects bad specs and bad settings as config errors', async () => {
    await expect(resolveModel('nope', settings)).rejects.toBeInstanceOf(ModelConfigError);
    await expect(resolveModel('openai:x', { ...settings, maxRetries: -1 }, { OPENAI_API_KEY: 'k' })).rejects.toThrow(
      /maxRetries must be an integer >= 0/,
    );
  });
});

describe('reference model', () => {
  const source = [
    "import { parseEther } from 'viem';",
    '',
    'type Params = { recipient: `0x${string}`; amountEth: string };',
    'declare const PARAMS: Params;',
    '',
    'export async function executeSkill(providerUrl: string, agentAddress: string) {',
    '  return { to: PARAMS.recipient, value: parseEther(PARAMS.amountEth).toString() };',
    '}',
  ].join('\n');
  const params = { recipient: '0x000000000000000000000000000000000000dEaD', amountEth: '1.5' };

  it('replies with PARAMS filled in and the declare line removed', async () => {
    const model = referenceModel('send-eth', source, params);
    expect(model.id).toBe('reference');
    expect(model.describe).not.toContain('\n');
    const reply = await model.respond([{ role: 'user', content: 'send 1.5 ETH' }], { round: 0 });
    const code = fencedBlock(reply.text);
    expect(code.startsWith(`const PARAMS = ${JSON.stringify(params, null, 2)} as const;`)).toBe(true);
    expect(code).not.toContain('declare const PARAMS');
    expect(code).toContain("import { parseEther } from 'viem';");
    expect(code).toContain('type Params = { recipient: `0x${string}`; amountEth: string };');
    expect(code).toContain('export async function executeSkill');
    expect(reply.usage).toBeUndefined();
    expect(reply.attempts).toBe(1);
    expect(reply.latencyMs).toBeLessThan(50);
  });

  it('handles an inline object type with semicolons and a multi-line type', () => {
    const inline = 'declare const PARAMS: { a: string; b: { c: number; } };\nconst x = PARAMS.a;\n';
    expect(stripParamsDeclaration(inline)).toEqual({ code: 'const x = PARAMS.a;\n', exported: false });

    const multi = 'declare const PARAMS: {\n  a: string;\n  b: "x;y";\n}\nconst y = 1;\n';
    expect(stripParamsDeclaration(multi).code).toBe('const y = 1;\n');

    const union = 'declare const PARAMS:\n  | A\n  | B\nfoo();\n';
    expect(stripParamsDeclaration(union).code).toBe('foo();\n');

    expect(stripParamsDeclaration('export declare const PARAMS: P; // filled per instance\nrun();')).toEqual({
      code: 'run();',
      exported: true,
    });
  });

  it('fails clearly when the source lacks the declare line', async () => {
    const bad = referenceModel('send-eth', 'const PARAMS = {};\nexport async function executeSkill() {}', params);
    await expect(bad.respond([], { round: 0 })).rejects.toThrow(ModelConfigError);
    await expect(bad.respond([], { round: 0 })).rejects.toThrow(/send-eth: .*declare const PARAMS/);
  });

  it('as resolved from QUEST_MODEL, it answers nothing through a call: the harness builds it per instance', async () => {
    const model = await resolveModel('reference', settings);
    expect(model.id).toBe('reference');
    expect(model.cache).toBeUndefined();
    await expect(model.respond([{ role: 'user', content: 'send 1.5 ETH' }], { round: 1 })).rejects.toThrow(/per instance/);
  });
});

describe('null model', () => {
  it('always replies with a zero-value self-transfer script', async () => {
    const model = await resolveModel('null', settings);
    expect(model.id).toBe('null');
    for (const c of [
      { taskId: 'a', round: 0, kind: 'transaction' as const },
      { taskId: 'b', round: 3, kind: 'query' as const },
    ]) {
      const reply = await model.respond([{ role: 'user', content: 'anything' }], c);
      const code = fencedBlock(reply.text);
      expect(code).toMatch(/export async function executeSkill\(providerUrl[^,]*, agentAddress[^)]*\)/);
      expect(code).toContain('return { to: agentAddress, value: "0" };');
      expect(reply.usage).toBeUndefined();
      expect(reply.attempts).toBe(1);
    }
  });
});

describe('retry helpers', () => {
  const policy = { maxRetries: 4, timeoutMs: 1000, baseDelayMs: 100, maxDelayMs: 1000 };

  it('backs off exponentially with jitter, capped, and lets Retry-After win', () => {
    for (let n = 1; n <= 6; n++) {
      const d = backoffDelay(n, policy);
      const full = Math.min(100 * 2 ** (n - 1), 1000);
      expect(d).toBeGreaterThanOrEqual(full / 2);
      expect(d).toBeLessThanOrEqual(full);
    }
    expect(backoffDelay(1, policy, 0)).toBe(0);
    expect(backoffDelay(1, policy, 5000)).toBe(1000);
  });

  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after-ms': '250' })).toBe(250);
    expect(retryAfterMs({ 'Retry-After': '2' })).toBe(2000);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Tue, 01 Jan 2030 00:00:03 GMT' }, now)).toBe(3000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
