// How a solver talks to the model: the text protocol (fenced code, JSON control messages) or native
// tool calls. Either way a round's reply comes back as the action it asks for, and the harness's
// feedback goes back as the answer to it, so the solvers do not depend on the transport.
import type { RoundReply } from './round-reply.ts';
import type { ChatMessage, DialogueMessage, Model, ToolCall, ToolSpec } from '../model/types.ts';
import type { InstanceRecord } from '../results/record.ts';
import { Conversation } from './conversation.ts';
import { describeCalls, replyOfCall } from './tools.ts';

/** One round's reply: as the transcript shows it, and what it asks the harness to do. */
export interface Turn {
  text: string;
  action: RoundReply;
}

export interface Dialogue {
  /** The prompt as the model first saw it. */
  readonly prompt: ChatMessage[];
  /** A reply in words (the plan of an episode). */
  say(): Promise<string>;
  /** A round's reply and the action it asks for. */
  act(): Promise<Turn>;
  /** The harness's answer: the feedback on the last action, or the next instruction. */
  answer(text: string): void;
  /** Everything after the prompt, as text. */
  transcript(): string;
  modelFields(): Pick<InstanceRecord, 'modelLatencyMs' | 'tokens' | 'answers' | 'cached'>;
}

/** The text protocol: replies are parsed by the solver's own reading of a reply. */
export class TextDialogue implements Dialogue {
  private readonly conversation: Conversation;

  constructor(
    prompt: readonly ChatMessage[],
    private readonly model: Model,
    private readonly round: number,
    private readonly parse: (text: string) => RoundReply,
  ) {
    this.conversation = new Conversation(prompt);
  }

  get prompt() {
    return this.conversation.prompt;
  }

  async say(): Promise<string> {
    return (await this.conversation.ask(this.model, this.round)).text;
  }

  async act(): Promise<Turn> {
    const text = await this.say();
    return { text, action: this.parse(text) };
  }

  answer(text: string): void {
    this.conversation.tell(text);
  }

  transcript(): string {
    return this.conversation.exchange.map((m) => `[${m.role}] ${m.content}`).join('\n\n');
  }

  modelFields() {
    return this.conversation.modelFields();
  }
}

/** The tools protocol: one tool call is one round; its result is the feedback. */
export class ToolDialogue implements Dialogue {
  private readonly messages: DialogueMessage[];
  private readonly promptLength: number;
  /** The calls of the last reply, still to be answered. */
  private pending: ToolCall[] = [];
  private readonly usage = new Conversation([]);

  constructor(
    prompt: readonly ChatMessage[],
    private readonly model: Model & Required<Pick<Model, 'respondWithTools'>>,
    private readonly round: number,
    private readonly tools: readonly ToolSpec[],
  ) {
    this.messages = [...prompt];
    this.promptLength = prompt.length;
  }

  get prompt(): ChatMessage[] {
    return this.messages.slice(0, this.promptLength) as ChatMessage[];
  }

  private async call(toolChoice: 'auto' | 'none') {
    const reply = await this.model.respondWithTools(this.messages, this.tools, { round: this.round, toolChoice });
    this.usage.count(reply);
    this.messages.push(
      reply.calls.length ? { role: 'assistant', content: reply.text, toolCalls: reply.calls } : { role: 'assistant', content: reply.text },
    );
    this.pending = reply.calls;
    return reply;
  }

  async say(): Promise<string> {
    return (await this.call('none')).text;
  }

  async act(): Promise<Turn> {
    const reply = await this.call('auto');
    const first = reply.calls[0];
    const action: RoundReply = first
      ? replyOfCall(first, this.tools)
      : { kind: 'invalid', rule: 'no_code_block', message: 'the reply made no tool call' };
    return { text: describeCalls(reply.text, reply.calls), action };
  }

  answer(text: string): void {
    const [first, ...rest] = this.pending;
    this.pending = [];
    if (!first) {
      this.messages.push({ role: 'user', content: text });
      return;
    }
    // Every call gets a result: the first one's is the feedback, the others were not run (one action per round).
    const ignored = 'not executed: one action per round, and this round ran the first tool call of the reply';
    this.messages.push({
      role: 'tool',
      results: [{ id: first.id, name: first.name, output: text }, ...rest.map((c) => ({ id: c.id, name: c.name, output: ignored }))],
    });
  }

  transcript(): string {
    return this.messages
      .slice(this.promptLength)
      .map((m) =>
        m.role === 'tool'
          ? m.results.map((r) => `[tool ${r.name}] ${r.output}`).join('\n')
          : `[${m.role}] ${'toolCalls' in m ? describeCalls(m.content, m.toolCalls) : m.content}`,
      )
      .join('\n\n');
  }

  modelFields() {
    return this.usage.modelFields();
  }
}
