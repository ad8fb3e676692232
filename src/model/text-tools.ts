// Lets a model that answers in text (the built-in reference, null and refuse models, a scripted test
// model) play the tools protocol: its code block becomes a run_script call, its JSON control message
// the matching tool call. The tools protocol's own scoring then runs on the same answers.
import { fencedBlocks } from '../sandbox/extract.ts';
import type { ChatMessage, DialogueMessage, Model, ToolCall } from './types.ts';

const CODE = new Set(['typescript', 'ts', 'javascript', 'js', '']);

/** The tool call a text reply stands for, or none (a reply in words). */
export function callOfText(text: string, id: string): ToolCall | undefined {
  const code = fencedBlocks(text).find((b) => CODE.has(b.lang) && b.code.trim() !== '' && b.lang !== '');
  if (code) return { id, name: 'run_script', input: { code: code.code } };
  const json = fencedBlocks(text).find((b) => b.lang === 'json')?.code ?? text.trim();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.action === 'query') {
    const { action: _, ...query } = v;
    return { id, name: 'query', input: query };
  }
  if (v.submit === true) return { id, name: 'submit', input: 'answer' in v ? { answer: v.answer } : {} };
  if (typeof v.error === 'string') return { id, name: 'report_error', input: { reason: v.error } };
  if (typeof v.refuse === 'string') return { id, name: 'refuse', input: { reason: v.refuse } };
  return undefined;
}

/** The text reply a tool call stands for (the inverse of callOfText). */
function textOfCall(call: ToolCall): string {
  const input = (call.input ?? {}) as Record<string, unknown>;
  switch (call.name) {
    case 'run_script':
      return `\`\`\`typescript\n${String(input.code)}\n\`\`\``;
    case 'query':
      return `\`\`\`json\n${JSON.stringify({ action: 'query', ...input })}\n\`\`\``;
    case 'submit':
      return JSON.stringify({ submit: true, ...input });
    case 'report_error':
      return JSON.stringify({ error: input.reason });
    default:
      return JSON.stringify({ refuse: input.reason });
  }
}

/** A tool-calling conversation as the text conversation the wrapped model reads. */
function asChat(messages: readonly DialogueMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'user', content: m.results[0]?.output ?? '' };
    if ('toolCalls' in m) return { role: 'assistant', content: [m.content, ...m.toolCalls.map(textOfCall)].filter(Boolean).join('\n') };
    return m;
  });
}

/** `model` with native tool calls, answering them from its text replies. */
export function withTextTools(model: Model): Model {
  if (model.respondWithTools) return model;
  let calls = 0;
  return {
    ...model,
    async respondWithTools(messages, _tools, call) {
      const reply = await model.respond(asChat(messages), call);
      const found = call.toolChoice === 'none' ? undefined : callOfText(reply.text, `call_${++calls}`);
      // The text the reply carried besides its call is kept only when it made none.
      return { ...reply, text: found ? '' : reply.text, calls: found ? [found] : [] };
    },
  };
}
