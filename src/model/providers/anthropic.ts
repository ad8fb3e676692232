import '../../polyfills.ts';
import { keyedProvider } from './provider.ts';

/** `anthropic:<id>`: Anthropic's Messages API (ANTHROPIC_BASE_URL for a proxy or a compatible server). */
export const anthropic = keyedProvider({
  prefix: 'anthropic',
  example: 'claude-sonnet-4-5',
  says: "Anthropic's Messages API",
  keyVar: 'ANTHROPIC_API_KEY',
  baseUrlVar: 'ANTHROPIC_BASE_URL',
  defaultBaseURL: 'https://api.anthropic.com/v1',
  baseUrlSays: "a proxy or a server that speaks Anthropic's Messages API",
  api: 'the Messages API',
  missingKey: 'ANTHROPIC_API_KEY is not set: export it, or set ANTHROPIC_BASE_URL for a server that needs no key',
  errors: {
    auth: 'check the API key (ANTHROPIC_API_KEY) and its permissions',
    notFound: 'check the model id (e.g. claude-sonnet-4-5) and the base URL (ANTHROPIC_BASE_URL, which ends in /v1)',
    rateLimited: "Anthropic's rate limit: lower QUEST_CONCURRENCY, or raise the organization's usage tier",
  },
  async languageModel({ apiKey, baseURL, modelId }) {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    return createAnthropic({ apiKey, baseURL }).messages(modelId);
  },
});
