import { ModelConfigError } from './types.ts';

/** What an openai: model needs from the environment: a key, or the URL of a server that needs none. */
export function openaiCredentials(env: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string }): {
  apiKey: string | undefined;
  customBaseURL: string | undefined;
} {
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  const customBaseURL = env.OPENAI_BASE_URL?.trim() || undefined;
  if (!apiKey && !customBaseURL) {
    throw new ModelConfigError('OPENAI_API_KEY is not set: export it, or set OPENAI_BASE_URL for a local OpenAI-compatible server');
  }
  return { apiKey, customBaseURL };
}
