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

/** What the harness knows about the instance being solved; only `reference` and `null` look at it. */
export interface ModelCallContext {
  taskId: string;
  round: number;
  kind: 'transaction' | 'query';
  reference?: { source: string; params: Record<string, unknown> };
}

export interface Model {
  /** Stable id for results and caches, e.g. "openai:gpt-5". */
  id: string;
  /** One human-readable line, printed first in a run's output. */
  describe: string;
  respond(messages: ChatMessage[], ctx: ModelCallContext, signal?: AbortSignal): Promise<ModelReply>;
}

/** The model cannot work as configured; the message says exactly what to set or fix. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

/** The provider kept failing (429/5xx/network/garbage/timeout) after all retries, or refused the request. */
export class ModelInfraError extends Error {
  override name = 'ModelInfraError';
  /** Provider calls made before giving up. */
  readonly attempts: number | undefined;
  /** HTTP status of the last failure, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, options: { cause?: unknown; attempts?: number; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.attempts = options.attempts;
    this.status = options.status;
  }
}
