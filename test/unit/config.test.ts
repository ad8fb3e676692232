import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SEED, modelSlug, resolveConfig } from '../../src/plugin/config.ts';

/** The ConfigError a bad setting raises, so its message can be checked. */
function configError(options: Record<string, unknown>, env: Record<string, string>): ConfigError {
  try {
    resolveConfig(options, env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveConfig', () => {
  it('uses the defaults with no options and an empty environment', () => {
    expect(resolveConfig({}, {})).toEqual({
      model: 'reference',
      seed: DEFAULT_SEED,
      rounds: 1,
      temperature: 0.7,
      resultsDir: 'results',
      scriptTimeoutMs: 30_000,
      modelTimeoutMs: 120_000,
      maxRetries: 4,
      concurrency: 8,
      cacheDir: '.questbench/cache',
      failOn: 'below-pass-line',
      protocol: 'text',
      agentTimeoutMs: 300_000,
      chain: 'bsc',
    });
    expect(DEFAULT_SEED).toBe(20260);
  });

  it('reads QUEST_CHAIN, and names the chains there are when it is none of them', () => {
    expect(resolveConfig({}, { QUEST_CHAIN: 'base' }).chain).toBe('base');
    expect(resolveConfig({ chain: 'base' }, {}).chain).toBe('base');
    expect(() => resolveConfig({}, { QUEST_CHAIN: 'polygon' })).toThrow(/QUEST_CHAIN: .*"bsc"\|"base"/);
  });

  it('takes options, and lets the environment win over them', () => {
    const options = { model: 'null', seed: 1, rounds: 2, temperature: 0.1 };
    expect(resolveConfig(options, {})).toMatchObject(options);
    const env = { QUEST_MODEL: 'openai:gpt-5', QUEST_SEED: '99', QUEST_ROUNDS: '5', QUEST_TEMPERATURE: '0', QUEST_RESULTS_DIR: 'out' };
    expect(resolveConfig(options, env)).toMatchObject({ model: 'openai:gpt-5', seed: 99, rounds: 5, temperature: 0, resultsDir: 'out' });
  });

  it('ignores empty environment variables', () => {
    expect(resolveConfig({ rounds: 3 }, { QUEST_ROUNDS: '', QUEST_MODEL: '' })).toMatchObject({ rounds: 3, model: 'reference' });
  });

  it.each([
    ['QUEST_ROUNDS', '0'],
    ['QUEST_ROUNDS', '2.5'],
    ['QUEST_ROUNDS', '101'],
    ['QUEST_TEMPERATURE', 'abc'],
    ['QUEST_TEMPERATURE', '3'],
    ['QUEST_SEED', '-1'],
    ['QUEST_MAX_RETRIES', '11'],
    ['QUEST_SCRIPT_TIMEOUT_MS', '0'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const e = configError({}, { [name]: value });
    expect(e.message).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
  });

  it('names the variable for a bad option value too, and lists every problem', () => {
    const e = configError({ rounds: 0, temperature: -1 }, {});
    expect(e.message).toContain('QUEST_ROUNDS: ');
    expect(e.message).toContain('QUEST_TEMPERATURE: ');
  });

  it('names an unknown option rather than printing "undefined"', () => {
    const e = configError({ round: 3 }, {});
    expect(e.message).toContain('"round"');
    expect(e.message).not.toContain('undefined');
  });
});

describe('modelSlug', () => {
  it.each([
    ['openai:gpt-5', 'openai-gpt-5'],
    ['openai:qwen/qwen3-coder:30b', 'openai-qwen-qwen3-coder-30b'],
    ['module:./models/my model.ts', 'module-.-models-my-model.ts'],
    ['reference', 'reference'],
    [':::', 'model'],
  ])('maps %j to %j', (model, slug) => {
    expect(modelSlug(model)).toBe(slug);
    expect(modelSlug(model)).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});

describe('fork settings', () => {
  it('reads QUEST_FORK_URL and QUEST_FORK_BLOCK, and rejects a URL that is not one', () => {
    expect(resolveConfig({}, { QUEST_FORK_URL: 'http://127.0.0.1:8545', QUEST_FORK_BLOCK: '123' })).toMatchObject({
      forkUrl: 'http://127.0.0.1:8545',
      forkBlock: 123,
    });
    expect(() => resolveConfig({}, { QUEST_FORK_URL: 'bsc mainnet' })).toThrow(/QUEST_FORK_URL/);
  });
});
