// What one entry of the provider table says about a model prefix (`openai:`, `anthropic:`, …): how its
// id is parsed, which environment variables it reads, what its errors tell the user, and how its AI SDK
// model is built. Nothing here loads the SDK: an entry imports its package only when it builds a model,
// so checking a spec (the preflight) costs nothing.
import type { LanguageModel } from 'ai';
import { ModelConfigError } from '../config-error.ts';
import type { ProviderErrors, RetryPolicy } from '../retry.ts';
import type { SdkCallSettings } from '../sdk.ts';
import type { Model } from '../types.ts';

/** What an entry reads of the environment the harness hands it (never process.env itself). */
export type ProviderEnv = Readonly<Partial<Record<string, string>>>;

export interface ProviderVariable<Name extends string = string> {
  name: Name;
  /** Its default, in words or as a URL; empty when it has none. */
  default: string;
  meaning: string;
}

export interface ProviderEntry<Var extends string = string, Prefix extends string = string> {
  /** The spec's prefix before the colon. */
  prefix: Prefix;
  /** An id for the messages, e.g. "gpt-5". */
  example: string;
  /** What the prefix reaches, in the list of valid specs. */
  says: string;
  /** Every environment variable it reads, with its default and meaning (the configuration page lists them). */
  env: readonly ProviderVariable<Var>[];
  /** The model id from what follows the colon; undefined when it is not one. */
  parseId(rest: string): string | undefined;
  /** Throws a ModelConfigError saying what to set when the environment cannot work; loads nothing. */
  check(env: ProviderEnv): void;
  /** What its HTTP failures tell the user. */
  errors: ProviderErrors;
  build(modelId: string, call: SdkCallSettings, retry: RetryPolicy, env: ProviderEnv): Promise<Model>;
}

/** An id as most providers take it: one word, slashes and colons allowed (local servers use both). */
export const plainId = (rest: string): string | undefined => (rest && !/\s/.test(rest) ? rest : undefined);

// Local servers and proxies usually ignore the key, but the clients still send one.
const PLACEHOLDER_KEY = 'no-key-needed';

/**
 * An entry for an HTTP API reached with a key and a base URL: the shape every provider so far has.
 * Both are passed to the SDK explicitly, which keeps it from reading the environment behind the caller's back.
 */
export function keyedProvider<const Prefix extends string, const Key extends string, const Base extends string>(spec: {
  prefix: Prefix;
  example: string;
  says: string;
  /** The variable of the API key, and of the base URL that may replace the default one. */
  keyVar: Key;
  baseUrlVar: Base;
  defaultBaseURL: string;
  /** What else the base URL may point at, for the configuration page ("any OpenAI-compatible … endpoint"). */
  baseUrlSays: string;
  /** What the model is reached through, in its one-line description ("chat completions"). */
  api: string;
  /** The message when neither variable is set (what to export). */
  missingKey: string;
  errors: ProviderErrors;
  /** The SDK's language model; imports its package (the only place that does). */
  languageModel(options: { apiKey: string; baseURL: string; modelId: string }): Promise<LanguageModel>;
}): ProviderEntry<Key | Base, Prefix> {
  const credentials = (env: ProviderEnv) => {
    const apiKey = env[spec.keyVar]?.trim() || undefined;
    const customBaseURL = env[spec.baseUrlVar]?.trim() || undefined;
    if (!apiKey && !customBaseURL) throw new ModelConfigError(spec.missingKey);
    return { apiKey, baseURL: (customBaseURL ?? spec.defaultBaseURL).replace(/\/+$/, '') };
  };
  return {
    prefix: spec.prefix,
    example: spec.example,
    says: spec.says,
    env: [
      {
        name: spec.keyVar,
        default: '',
        meaning: `key for \`${spec.prefix}:\` models (not needed when \`${spec.baseUrlVar}\` points at a server that needs none)`,
      },
      { name: spec.baseUrlVar, default: spec.defaultBaseURL, meaning: spec.baseUrlSays },
    ],
    parseId: plainId,
    check: (env) => void credentials(env),
    errors: spec.errors,
    async build(modelId, call, retry, env) {
      const { apiKey, baseURL } = credentials(env);
      const model = await spec.languageModel({ apiKey: apiKey ?? PLACEHOLDER_KEY, baseURL, modelId });
      const { sdkModel } = await import('../sdk.ts');
      const id = `${spec.prefix}:${modelId}`;
      const limits = call.maxOutputTokens === undefined ? '' : `, maxOutputTokens ${call.maxOutputTokens}`;
      return sdkModel({
        id,
        describe:
          `${id} via ${spec.api} at ${baseURL} ` +
          `(temperature ${call.temperature}${limits}, timeout ${retry.timeoutMs} ms, up to ${retry.maxRetries} retries)`,
        model,
        call,
        retry,
        label: id,
        cacheKey: `${id}@${baseURL}`,
        errors: spec.errors,
      });
    },
  };
}
