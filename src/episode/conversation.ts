import type { ModelFault } from '../model/sdk-errors.ts';
import { type ChatMessage, type Model, type ModelReply, ModelInfraError, type ToolReply } from '../model/types.ts';
import type { InstanceRecord } from '../results/record.ts';

/** A reply, or the reply the SDK rejected for what the model did in it, with why. */
export type Asked<R extends ModelReply> = { reply: R; fault?: undefined } | { reply: ToolReply; fault: ModelFault };

/**
 * Asks for a reply. An error that is the model's doing (model/sdk-errors.ts) stands for the reply it
 * rejected, which is the model's to answer for; any other error is thrown as it came.
 */
export async function askModel<R extends ModelReply>(ask: () => Promise<R>): Promise<Asked<R>> {
  const started = performance.now();
  try {
    return { reply: await ask() };
  } catch (error) {
    // The table loads the AI SDK: only when a call failed.
    const { modelFault } = await import('../model/sdk-errors.ts');
    const fault = modelFault(error);
    if (!fault) throw error;
    const attempts = error instanceof ModelInfraError ? (error.attempts ?? 1) : 1;
    return { reply: { ...fault.reply, latencyMs: performance.now() - started, attempts }, fault };
  }
}

/**
 * The messages of one instance and what asking for them cost: the prompt the harness built, then the
 * model's replies and the harness's feedback in order, with latency, tokens and cache use summed.
 */
export class Conversation {
  readonly messages: ChatMessage[];
  private readonly promptLength: number;
  private modelMs = 0;
  private tokens: { input: number; output: number } | undefined;
  private readonly answers = { live: 0, replayed: 0 };

  constructor(prompt: readonly ChatMessage[]) {
    this.messages = [...prompt];
    this.promptLength = prompt.length;
  }

  /** The prompt as the model first saw it. */
  get prompt(): ChatMessage[] {
    return this.messages.slice(0, this.promptLength);
  }

  /** Everything after the prompt, in order. */
  get exchange(): ChatMessage[] {
    return this.messages.slice(this.promptLength);
  }

  /** Asks the model for the next reply and adds it to the conversation (a rejected one as its text). */
  async ask(model: Model, round: number): Promise<Asked<ModelReply>> {
    const asked = await askModel(() => model.respond(this.messages, { round }));
    this.count(asked.reply);
    this.messages.push({ role: 'assistant', content: asked.reply.text });
    return asked;
  }

  /** Adds a reply's latency, tokens and cache use to the instance's. */
  count(reply: ModelReply): void {
    this.modelMs += reply.latencyMs;
    this.answers[reply.cached ? 'replayed' : 'live']++;
    if (reply.usage) {
      const t = this.tokens ?? { input: 0, output: 0 };
      this.tokens = { input: t.input + reply.usage.inputTokens, output: t.output + reply.usage.outputTokens };
    }
  }

  /** Adds the harness's message (feedback, the next round's instructions). */
  tell(content: string): void {
    this.messages.push({ role: 'user', content });
  }

  /** What the record says about the model's replies; nothing when none arrived. */
  modelFields(): Pick<InstanceRecord, 'modelLatencyMs' | 'tokens' | 'answers' | 'cached'> {
    if (this.answers.live + this.answers.replayed === 0) return {};
    return {
      modelLatencyMs: Math.round(this.modelMs),
      ...(this.tokens ? { tokens: this.tokens } : {}),
      answers: { ...this.answers },
      ...(this.answers.replayed > 0 ? { cached: true } : {}),
    };
  }
}
