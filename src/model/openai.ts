import '../polyfills.ts';
import { createOpenAI } from '@ai-sdk/openai';
import { sdkModel } from './sdk.ts';
import type { RetryPolicy } from './retry.ts';
import type { SdkCallSettings } from './sdk.ts';
import { openaiCredentials } from './openai-env.ts';
import type { Model } from './types.ts';
import type { ModelEnv } from './model-env.ts';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
// Local OpenAI-compatible servers usually ignore the key, but the client still sends one.
const PLACEHOLDER_KEY = 'no-key-needed';

export function openaiModel(modelId: string, call: SdkCallSettings, retry: RetryPolicy, env: ModelEnv): Model {
  const { apiKey, customBaseURL } = openaiCredentials(env);
  // Passing both explicitly keeps the SDK from reading the environment behind the caller's back.
  const baseURL = (customBaseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const provider = createOpenAI({ apiKey: apiKey ?? PLACEHOLDER_KEY, baseURL });
  const limits = call.maxOutputTokens === undefined ? '' : `, maxOutputTokens ${call.maxOutputTokens}`;
  return sdkModel({
    id: `openai:${modelId}`,
    describe:
      `openai:${modelId} via chat completions at ${baseURL} ` +
      `(temperature ${call.temperature}${limits}, timeout ${retry.timeoutMs} ms, up to ${retry.maxRetries} retries)`,
    model: provider.chat(modelId),
    call,
    retry,
    label: `openai:${modelId}`,
    cacheKey: `openai:${modelId}@${baseURL}`,
  });
}
