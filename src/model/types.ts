import type { AgentRunner } from '../agent/runner.ts';
import { QuestError } from '../errors.ts';
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelReply {
  text: string;
  usage?: ModelUsage;
  /** Wall-clock time of the whole respond() call, retries and backoff included. */
  latencyMs: number;
  /** Provider calls made (1 when the first one succeeded). */
  attempts: number;
  /** Served from the response cache: nothing was paid for it in this run. */
  cached?: boolean;
}

/**
 * What the harness passes with a call besides the messages. It stays on the harness's side: a model
 * under test (a `module:` respond(), an AI SDK model) receives the messages and an abort signal only.
 */
export interface ModelCall {
  /** The instance's round, so the response cache keeps one sample per round. */
  round: number;
  signal?: AbortSignal;
}

/** How the response cache may key a model's replies. */
export interface CacheIdentity {
  /** Everything that decides the replies besides the messages: provider, model id, endpoint (or the module file's content). */
  key: string;
  /** The folder its replies live in under the cache directory: what the key names, so models with one key share it. */
  folder: string;
  /** Cached unless QUEST_CACHE says otherwise: true for remote models, false for code that changes while its author works. */
  byDefault: boolean;
}

/** A native tool call of a model's reply. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model sent them (not yet checked against the tool's schema). */
  input: unknown;
}

/** A message of a tool-calling conversation: chat messages, a reply with its tool calls, and the tools' results. */
export type DialogueMessage =
  | ChatMessage
  | { role: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { role: 'tool'; results: { id: string; name: string; output: string }[] };

/** A tool offered to the model: its arguments' JSON Schema (checked by the harness, not the provider). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolReply extends ModelReply {
  calls: ToolCall[];
}

export interface ToolCallOptions extends ModelCall {
  /** 'none' for a reply in words (a plan), 'auto' for a round. */
  toolChoice: 'auto' | 'none';
}

export interface Model {
  /** Stable id for results, e.g. "openai:gpt-5". */
  id: string;
  /** One human-readable line, printed first in a run's output. */
  describe: string;
  /** Absent: never cached (the built-in reference and null models). */
  cache?: CacheIdentity;
  respond(messages: readonly ChatMessage[], call: ModelCall): Promise<ModelReply>;
  /** A wallet agent acts on the instance's chain itself instead of answering messages. */
  agent?: AgentRunner;
  /** Models with native tool calls (AI SDK models) play the tools protocol through this. */
  respondWithTools?(messages: readonly DialogueMessage[], tools: readonly ToolSpec[], call: ToolCallOptions): Promise<ToolReply>;
}

export { ModelConfigError } from './config-error.ts';

/** The provider kept failing (429/5xx/network/garbage/timeout) after all retries, or refused the request. */
export class ModelInfraError extends QuestError {
  override name = 'ModelInfraError';
  /** Provider calls made before giving up. */
  readonly attempts: number | undefined;
  /** HTTP status of the last failure, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, options: { cause?: unknown; attempts?: number; status?: number } = {}) {
    super('MODEL_INFRA', message, options.cause === undefined ? {} : { cause: options.cause });
    this.attempts = options.attempts;
    this.status = options.status;
  }
}
