// How a solver talks to the model: the text protocol (fenced code, JSON control messages) or native
// tool calls. Either way a round's reply comes back as the action it asks for, and the harness's
// feedback goes back as the answer to it, so the solvers do not depend on the transport.
import type { RoundReply } from './round-reply.ts';
import type { ModelFault } from '../model/sdk-errors.ts';
import type { ChatMessage, DialogueMessage, Model, ToolCall, ToolSpec } from '../model/types.ts';
import type { InstanceRecord } from '../results/record.ts';
import { askModel, Conversation } from './conversation.ts';
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

/** A reply the SDK rejected for the model's mistake: an invalid round under the fault's rule, as a garbage reply is. */
const invalidReply = (fault: ModelFault): RoundReply => ({ kind: 'invalid', rule: fault.rule, message: fault.message });

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
    return (await this.conversation.ask(this.model, this.round)).reply.text;
  }

  async act(): Promise<Turn> {
    const { reply, fault } = await this.conversation.ask(this.model, this.round);
    return { text: reply.text, action: fault ? invalidReply(fault) : this.parse(reply.text) };
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
  /** Why none of the pending calls was run, when the reply was one in words (a plan) that made calls. */
  private notRun: string | undefined;
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
    const asked = await askModel(() => this.model.respondWithTools(this.messages, this.tools, { round: this.round, toolChoice }));
    const { reply } = asked;
    this.usage.count(reply);
    this.messages.push(
      reply.calls.length ? { role: 'assistant', content: reply.text, toolCalls: reply.calls } : { role: 'assistant', content: reply.text },
    );
    this.pending = reply.calls;
    return asked;
  }

  /** A reply in words; one that made tool calls anyway is taken as its text, and its calls are answered as not run. */
  async say(): Promise<string> {
    const { reply, fault } = await this.call('none');
    if (!fault) return reply.text;
    if (reply.calls.length) this.notRun = 'not executed: this reply was to be in words, and tool calls count from the first round';
    return describeCalls(reply.text, reply.calls);
  }

  async act(): Promise<Turn> {
    const { reply, fault } = await this.call('auto');
    const first = reply.calls[0];
    const action: RoundReply = fault
      ? invalidReply(fault)
      : first
        ? replyOfCall(first, this.tools)
        : { kind: 'invalid', rule: 'no_code_block', message: 'the reply made no tool call' };
    return { text: describeCalls(reply.text, reply.calls), action };
  }

  answer(text: string): void {
    const [first, ...rest] = this.pending;
    const notRun = this.notRun;
    this.pending = [];
    this.notRun = undefined;
    if (notRun && first) {
      // A plan's calls: each gets its result (none was run), then the harness's message follows.
      this.messages.push({ role: 'tool', results: [first, ...rest].map((c) => ({ id: c.id, name: c.name, output: notRun })) });
      this.messages.push({ role: 'user', content: text });
      return;
    }
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
