import '../polyfills.ts';
import { agentRunner } from '../agent/runner.ts';
import { moduleFile, moduleModel } from './module.ts';
import { humanModel } from './human.ts';
import { nullModel } from './null.ts';
import { PROVIDERS, providerFor, type ProviderPrefix } from './providers/index.ts';
import { refuseModel } from './refuse.ts';
import { REFERENCE_DESCRIPTION } from './reference.ts';
import type { RetryPolicy } from './retry.ts';
import type { SdkCallSettings } from './sdk.ts';
import { ModelConfigError } from './types.ts';
import type { Model } from './types.ts';
import type { ModelEnv } from './model-env.ts';

export interface ModelSettings {
  /** Sampling temperature; default 0.7. */
  temperature: number;
  /** Retries after the first attempt on 408/409/429/5xx, network errors, timeouts and garbage; default 4. */
  maxRetries: number;
  /** Budget of each single attempt; default 120000. */
  timeoutMs: number;
  maxOutputTokens?: number;
  /** First backoff delay, doubled per retry with jitter; default 1000. */
  retryBaseMs?: number;
  /** Cap on any single wait between attempts, a server's Retry-After included; default 60000. */
  retryMaxDelayMs?: number;
}

export const DEFAULT_MODEL_SETTINGS = {
  temperature: 0.7,
  maxRetries: 4,
  timeoutMs: 120_000,
  retryBaseMs: 1_000,
  retryMaxDelayMs: 60_000,
} as const satisfies ModelSettings;

export type ModelSpec =
  | { kind: 'reference' }
  | { kind: 'null' }
  | { kind: 'refuse' }
  | { kind: 'human' }
  /** A provider of the table (`openai:<id>`, `anthropic:<id>`, …). */
  | { kind: ProviderPrefix; id: string }
  | { kind: 'module'; path: string }
  | { kind: 'agent'; target: string };

const VALID_FORMS =
  'valid forms: "reference" (gold solutions), "null" (no-op baseline), "refuse" (refuses everything), "human" (a person answers), ' +
  PROVIDERS.map((p) => `"${p.prefix}:<model-id>" (${p.says}), `).join('') +
  '"module:<path>" (a local module), "agent:<module or command>" (an agent holding a wallet)';

export function parseModelSpec(spec: string): ModelSpec {
  const s = spec.trim();
  if (s === 'reference') return { kind: 'reference' };
  if (s === 'null') return { kind: 'null' };
  if (s === 'refuse') return { kind: 'refuse' };
  if (s === 'human') return { kind: 'human' };
  const colon = s.indexOf(':');
  if (colon > 0) {
    const prefix = s.slice(0, colon);
    const rest = s.slice(colon + 1).trim();
    const provider = providerFor(prefix);
    if (provider) {
      const id = provider.parseId(rest);
      if (id !== undefined) return { kind: provider.prefix as ProviderPrefix, id };
      throw new ModelConfigError(
        `model spec "${spec}" needs a model id after "${prefix}:" (e.g. ${prefix}:${provider.example}); ${VALID_FORMS}`,
      );
    }
    if (prefix === 'agent') {
      if (rest) return { kind: 'agent', target: rest };
      throw new ModelConfigError(`model spec "${spec}" needs a module path or a command after "agent:"; ${VALID_FORMS}`);
    }
    if (prefix === 'module') {
      if (rest) return { kind: 'module', path: rest };
      throw new ModelConfigError(`model spec "${spec}" needs a file path after "module:"; ${VALID_FORMS}`);
    }
  }
  throw new ModelConfigError(`unknown model spec "${spec}"; ${VALID_FORMS}`);
}

function checkSettings(settings: ModelSettings): { call: SdkCallSettings; retry: RetryPolicy } {
  const problems: string[] = [];
  const { temperature, maxRetries, timeoutMs, maxOutputTokens } = settings;
  const retryBaseMs = settings.retryBaseMs ?? DEFAULT_MODEL_SETTINGS.retryBaseMs;
  const retryMaxDelayMs = settings.retryMaxDelayMs ?? DEFAULT_MODEL_SETTINGS.retryMaxDelayMs;
  if (!Number.isFinite(temperature) || temperature < 0) problems.push(`temperature must be a number >= 0 (got ${temperature})`);
  if (!Number.isInteger(maxRetries) || maxRetries < 0) problems.push(`maxRetries must be an integer >= 0 (got ${maxRetries})`);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) problems.push(`timeoutMs must be a positive number (got ${timeoutMs})`);
  if (maxOutputTokens !== undefined && (!Number.isInteger(maxOutputTokens) || maxOutputTokens <= 0)) {
    problems.push(`maxOutputTokens must be a positive integer when set (got ${maxOutputTokens})`);
  }
  if (!Number.isFinite(retryBaseMs) || retryBaseMs < 0) problems.push(`retryBaseMs must be a number >= 0 (got ${retryBaseMs})`);
  if (!Number.isFinite(retryMaxDelayMs) || retryMaxDelayMs < 0) {
    problems.push(`retryMaxDelayMs must be a number >= 0 (got ${retryMaxDelayMs})`);
  }
  if (problems.length > 0) throw new ModelConfigError(`invalid model settings: ${problems.join('; ')}`);
  return {
    call: maxOutputTokens === undefined ? { temperature } : { temperature, maxOutputTokens },
    retry: { maxRetries, timeoutMs, baseDelayMs: retryBaseMs, maxDelayMs: retryMaxDelayMs },
  };
}

export type { ModelEnv };

/**
 * What can be known of a model spec without loading anything (no module import, no SDK): its syntax,
 * the credentials it needs, the file it names. resolveModel checks the rest.
 */
export function checkModelSpec(spec: string, env: ModelEnv = {}, cwd: string = process.cwd()): void {
  const parsed = parseModelSpec(spec);
  if (parsed.kind === 'module') moduleFile(parsed.path, cwd);
  else if ('id' in parsed) providerFor(parsed.kind)?.check(env);
}

export async function resolveModel(spec: string, settings: ModelSettings, env: ModelEnv = {}): Promise<Model> {
  const parsed = parseModelSpec(spec);
  switch (parsed.kind) {
    case 'reference':
      // The gold answers are built per instance on the harness's side (never passed with a call).
      return {
        id: 'reference',
        describe: REFERENCE_DESCRIPTION,
        respond: () =>
          Promise.reject(
            new ModelConfigError('the reference model answers per instance: the harness builds it from the task and its parameters'),
          ),
      };
    case 'null':
      return nullModel();
    case 'refuse':
      return refuseModel();
    case 'human':
      return humanModel({
        ...(env.QUEST_HUMAN_DIR ? { dir: env.QUEST_HUMAN_DIR } : {}),
        ...(env.QUEST_HUMAN_TTY ? { tty: env.QUEST_HUMAN_TTY } : {}),
      });
    case 'module': {
      const { call, retry } = checkSettings(settings);
      return moduleModel(parsed.path, call, retry);
    }
    case 'agent': {
      const runner = await agentRunner(parsed.target);
      return {
        id: runner.id,
        describe: runner.describe,
        agent: runner,
        respond: () =>
          Promise.reject(new ModelConfigError(`${runner.id} is a wallet agent: it acts on the chain, it does not answer messages`)),
      };
    }
    default: {
      const { call, retry } = checkSettings(settings);
      // The entry loads its AI SDK package only now, for the models that use it.
      const provider = providerFor(parsed.kind);
      if (!provider) throw new ModelConfigError(`unknown model spec "${spec}"; ${VALID_FORMS}`);
      return provider.build(parsed.id, call, retry, env);
    }
  }
}
