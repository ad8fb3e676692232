import '../polyfills.ts';
import { generateText, jsonSchema, tool } from 'ai';
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolChoice, ToolSet } from 'ai';
import { classifySdkError, withRetries } from './retry.ts';
import type { ProviderErrors, RetryPolicy } from './retry.ts';
import type { ChatMessage, DialogueMessage, Model, ModelUsage, ToolCall, ToolSpec } from './types.ts';

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

/** A tool-calling conversation as ai 7 messages: assistant tool calls and tool results become content parts. */
export function toSdkDialogue(messages: readonly DialogueMessage[]): { instructions?: string; messages: ModelMessage[] } {
  const system = messages.flatMap((m) => (m.role === 'system' ? [m.content] : []));
  const rest = messages.flatMap((m): ModelMessage[] => {
    if (m.role === 'system') return [];
    if (m.role === 'tool') {
      return [
        {
          role: 'tool',
          content: m.results.map((r) => ({
            type: 'tool-result',
            toolCallId: r.id,
            toolName: r.name,
            output: { type: 'text', value: r.output },
          })),
        },
      ];
    }
    if (m.role === 'assistant' && 'toolCalls' in m) {
      const text = m.content ? [{ type: 'text' as const, text: m.content }] : [];
      return [
        {
          role: 'assistant',
          content: [
            ...text,
            ...m.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.input })),
          ],
        },
      ];
    }
    return [m.role === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content }];
  });
  return system.length > 0 ? { instructions: system.join('\n\n'), messages: rest } : { messages: rest };
}

/**
 * The tools as the SDK takes them: schemas without validation or execution, so the SDK returns every
 * call as the model made it and the harness judges the arguments (as it judges a text reply).
 */
const sdkTools = (tools: readonly ToolSpec[]): ToolSet =>
  Object.fromEntries(tools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.parameters as never) })]));

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
  /** What its failures tell the user (its provider entry's advice); neutral when absent. */
  errors?: ProviderErrors;
}): Model {
  const { model, call, retry, label, errors } = options;
  const classify = (error: unknown) => classifySdkError(error, errors);
  /** One generateText call (a plain reply, or one with tools) under our retry and timeout policy. */
  const generate = <T extends ToolSet>(
    prompt: ReturnType<typeof toSdkPrompt>,
    signal: AbortSignal | undefined,
    tools?: { tools: T; toolChoice: ToolChoice<T> },
  ) =>
    withRetries(
      label,
      retry,
      signal,
      (attemptSignal) =>
        generateText({
          model,
          ...prompt,
          ...tools,
          temperature: call.temperature,
          ...(call.maxOutputTokens === undefined ? {} : { maxOutputTokens: call.maxOutputTokens }),
          // The SDK's own retries would hide attempts and ignore our timeout policy.
          maxRetries: 0,
          abortSignal: attemptSignal,
        }),
      classify,
    );
  return {
    id: options.id,
    describe: options.describe,
    cache: { key: JSON.stringify({ model: options.cacheKey, ...call }), folder: options.cacheFolder ?? options.id, byDefault: true },
    async respond(messages, { signal }) {
      const started = performance.now();
      const { value, attempts } = await generate(toSdkPrompt(messages), signal);
      return { text: value.text, usage: toModelUsage(value.totalUsage ?? value.usage), latencyMs: performance.now() - started, attempts };
    },
    async respondWithTools(messages, tools, { signal, toolChoice }) {
      const started = performance.now();
      const { value, attempts } = await generate(toSdkDialogue(messages), signal, { tools: sdkTools(tools), toolChoice });
      const calls: ToolCall[] = value.toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input }));
      return {
        text: value.text,
        calls,
        usage: toModelUsage(value.totalUsage ?? value.usage),
        latencyMs: performance.now() - started,
        attempts,
      };
    },
  };
}
