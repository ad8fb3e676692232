// The provider table: one line per model prefix. A new provider is one file beside this one (an entry,
// most often keyedProvider) and one line here; the spec parser, the preflight, the environment the
// plugin passes on, the list of valid specs and the error advice all read this table.
import { anthropic } from './anthropic.ts';
import { google } from './google.ts';
import { openai } from './openai.ts';
import type { ProviderEntry } from './provider.ts';

export const PROVIDERS = [openai, anthropic, google] as const;

export type { ProviderEntry, ProviderEnv, ProviderVariable } from './provider.ts';

/** A model prefix of the table ("openai", "anthropic", …). */
export type ProviderPrefix = (typeof PROVIDERS)[number]['prefix'];

/** Every environment variable a provider of the table reads. */
export type ProviderEnvVar = (typeof PROVIDERS)[number]['env'][number]['name'];

export const PROVIDER_ENV_VARS: readonly ProviderEnvVar[] = PROVIDERS.flatMap((p) => p.env.map((v) => v.name));

export const providerFor = (prefix: string): ProviderEntry | undefined => PROVIDERS.find((p) => p.prefix === prefix);
