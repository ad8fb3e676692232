import '../../polyfills.ts';
import { keyedProvider } from './provider.ts';

/**
 * The wait a Gemini API error asks for: a 429 says it in its body, as google.rpc.RetryInfo
 * (`{"error": {"details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "34.4s"}]}}`).
 */
export function googleRetryDelayMs(body: string | undefined): number | undefined {
  if (!body) return undefined;
  try {
    const details = (JSON.parse(body) as { error?: { details?: unknown } }).error?.details;
    if (!Array.isArray(details)) return undefined;
    for (const d of details as { '@type'?: unknown; retryDelay?: unknown }[]) {
      if (typeof d?.['@type'] !== 'string' || !d['@type'].endsWith('google.rpc.RetryInfo')) continue;
      const m = typeof d.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay.trim()) : null;
      if (m) return Number.parseFloat(m[1]!) * 1000;
    }
  } catch {
    // A body that is not JSON asks for nothing.
  }
  return undefined;
}

/** `google:<id>`: the Gemini API's generateContent (GOOGLE_GENERATIVE_AI_BASE_URL for a proxy or a local server). */
export const google = keyedProvider({
  prefix: 'google',
  example: 'gemini-2.5-pro',
  says: "Google's Gemini API",
  keyVar: 'GOOGLE_GENERATIVE_AI_API_KEY',
  baseUrlVar: 'GOOGLE_GENERATIVE_AI_BASE_URL',
  defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
  baseUrlSays: "a proxy or a server that speaks the Gemini API's generateContent",
  api: 'generateContent',
  missingKey: 'GOOGLE_GENERATIVE_AI_API_KEY is not set: export it, or set GOOGLE_GENERATIVE_AI_BASE_URL for a server that needs no key',
  errors: {
    auth: 'check the API key (GOOGLE_GENERATIVE_AI_API_KEY) and that the Gemini API is enabled for its project',
    notFound: 'check the model id (e.g. gemini-2.5-pro) and the base URL (GOOGLE_GENERATIVE_AI_BASE_URL, which ends in /v1beta)',
    rateLimited: "the Gemini API's quota: lower QUEST_CONCURRENCY, or raise the quota of the key's project",
    retryAfterMs: googleRetryDelayMs,
  },
  async languageModel({ apiKey, baseURL, modelId }) {
    const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
    return createGoogleGenerativeAI({ apiKey, baseURL }).languageModel(modelId);
  },
});
