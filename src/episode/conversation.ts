import type { ChatMessage, Model, ModelReply } from '../model/types.ts';
import type { InstanceRecord } from '../results/record.ts';

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

  /** Asks the model for the next reply and adds it to the conversation. */
  async ask(model: Model, round: number): Promise<ModelReply> {
    const reply = await model.respond(this.messages, { round });
    this.count(reply);
    this.messages.push({ role: 'assistant', content: reply.text });
    return reply;
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
