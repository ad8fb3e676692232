import '../polyfills.ts';
import { generateText } from 'ai';
import type { LanguageModel, LanguageModelUsage, ModelMessage } from 'ai';
import { classifySdkError, withRetries } from './retry.ts';
import type { RetryPolicy } from './retry.ts';
import type { ChatMessage, Model, ModelUsage } from './types.ts';

export interface SdkCallSettings {
  temperature: number;
  maxOutputTokens?: number;
}

/** Splits chat messages the way ai 7 wants them: system text must go to `instructions`. */
export function toSdkPrompt(messages: readonly ChatMessage[]): { instructions?: string; messages: ModelMessage[] } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest: ModelMessage[] = messages
    .filter((m) => m.role !== 'system')
    .map((m) => (m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content }));
  return system.length > 0 ? { instructions: system.join('\n\n'), messages: rest } : { messages: rest };
}

export function toModelUsage(usage: LanguageModelUsage | undefined): ModelUsage | undefined {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  return { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 };
}

/** A Model backed by any AI SDK language model, with our own retry/timeout policy around each call. */
export function sdkModel(options: {
  id: string;
  describe: string;
  model: LanguageModel;
  call: SdkCallSettings;
  retry: RetryPolicy;
  label: string;
  /** Provider, model id (and endpoint) for the response cache; the call settings are added here. */
  cacheKey: string;
  /** The cache folder, when not the model's id (a module's model: its provider and model id). */
  cacheFolder?: string;
}): Model {
  const { model, call, retry, label } = options;
  return {
    id: options.id,
    describe: options.describe,
    cache: { key: JSON.stringify({ model: options.cacheKey, ...call }), folder: options.cacheFolder ?? options.id, byDefault: true },
    async respond(messages, { signal }) {
      const started = performance.now();
      const prompt = toSdkPrompt(messages);
      const { value, attempts } = await withRetries(
        label,
        retry,
        signal,
        (attemptSignal) =>
          generateText({
            model,
            ...prompt,
            temperature: call.temperature,
            ...(call.maxOutputTokens === undefined ? {} : { maxOutputTokens: call.maxOutputTokens }),
            // The SDK's own retries would hide attempts and ignore our timeout policy.
            maxRetries: 0,
            abortSignal: attemptSignal,
          }),
        classifySdkError,
      );
      return {
        text: value.text,
        usage: toModelUsage(value.totalUsage ?? value.usage),
        latencyMs: performance.now() - started,
        attempts,
      };
    },
  };
}
