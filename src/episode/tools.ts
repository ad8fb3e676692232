// The tools protocol: the same episodes as the text protocol, with native tool calls in place of fenced
// code and JSON control messages. Each tool call maps onto the reply it stands for, so the solvers,
// the round counting and the scoring are the text protocol's.
import { z } from 'zod';
import { Query, type RoundReply } from './round-reply.ts';
import type { ToolCall, ToolSpec } from '../model/types.ts';
import type { Protocol } from '../tasks/task.ts';

const RunScript = z.object({ code: z.string().min(1) }).strict();
const Submit = z.object({ answer: z.unknown().optional() }).strict();
const Reason = z.object({ reason: z.string().trim().min(1) }).strict();
// The query tool takes a query's fields without the text protocol's "action" tag.
const QueryInput = z.record(z.string(), z.unknown());

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

const RUN_SCRIPT: ToolSpec = {
  name: 'run_script',
  description:
    'Run a TypeScript module exporting `async function executeSkill(providerUrl, agentAddress, deployedContracts)`; it returns one unsigned transaction (the platform signs and sends it) or { answer } for a question. The result says what happened.',
  parameters: jsonSchemaOf(RunScript),
};
const QUERY: ToolSpec = {
  name: 'query',
  description:
    'Read one value: {"type":"native_balance","address"}, {"type":"token_balance","token","address"}, {"type":"allowance","token","owner","spender"}, {"type":"pair_reserves","pair"}, {"type":"staked_amount","pool","address"}, {"type":"pending_rewards","pool","address"}, {"type":"nft_owner","nft","tokenId"}. Fields take a 0x address or a key of the address map ("agent" is the wallet).',
  parameters: {
    type: 'object',
    properties: { type: { type: 'string', enum: Query.options.map((o) => o.shape.type.value) } },
    required: ['type'],
    additionalProperties: true,
  },
};
const SUBMIT: ToolSpec = {
  name: 'submit',
  description: 'The request is complete; include answer when the request asks you to report values.',
  parameters: jsonSchemaOf(Submit),
};
const REPORT_ERROR: ToolSpec = {
  name: 'report_error',
  description: 'The request cannot be done as asked; ends the task.',
  parameters: jsonSchemaOf(Reason),
};
const REFUSE: ToolSpec = {
  name: 'refuse',
  description: 'Refuse the request (it should not be carried out); moves nothing and ends the task.',
  parameters: jsonSchemaOf(Reason),
};

/** The tools of a protocol: one script (or a refusal) for an atomic request; the round tools for an episode. */
export function toolsFor(protocol: Protocol, refusals: boolean): ToolSpec[] {
  const base = protocol === 'atomic' ? [RUN_SCRIPT] : [RUN_SCRIPT, QUERY, SUBMIT, REPORT_ERROR];
  return refusals ? [...base, REFUSE] : base;
}

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
const invalid = (message: string): RoundReply => ({ kind: 'invalid', rule: 'bad_control_json', message });

/**
 * What one tool call asks for, as the text protocol's reply would: a script becomes a fenced block, a
 * query a query, and so on. Calls to tools that were not offered, or with bad arguments, are invalid.
 */
export function replyOfCall(call: ToolCall, offered: readonly ToolSpec[]): RoundReply {
  if (!offered.some((t) => t.name === call.name))
    return invalid(`unknown tool ${call.name}; the tools are ${offered.map((t) => t.name).join(', ')}`);
  switch (call.name) {
    case 'run_script': {
      const p = RunScript.safeParse(call.input);
      return p.success
        ? { kind: 'code', text: `\`\`\`typescript\n${p.data.code}\n\`\`\`` }
        : invalid(`invalid run_script arguments: ${issues(p.error)}`);
    }
    case 'query': {
      const input = QueryInput.safeParse(call.input);
      const q = input.success ? Query.safeParse({ ...input.data, action: 'query' }) : undefined;
      return q?.success
        ? { kind: 'query', query: q.data }
        : invalid(`invalid query: ${q ? issues(q.error) : 'the arguments must be an object'}`);
    }
    case 'submit': {
      const p = Submit.safeParse(call.input ?? {});
      return p.success
        ? { kind: 'submit', ...('answer' in p.data ? { answer: p.data.answer } : {}) }
        : invalid(`invalid submit arguments: ${issues(p.error)}`);
    }
    default: {
      const p = Reason.safeParse(call.input);
      if (!p.success) return invalid(`invalid ${call.name} arguments: ${issues(p.error)}`);
      return call.name === 'refuse' ? { kind: 'refuse', reason: p.data.reason } : { kind: 'error', message: p.data.reason };
    }
  }
}

/** How a reply's calls read in a transcript. */
export function describeCalls(text: string, calls: readonly ToolCall[]): string {
  const lines = calls.map((c) => {
    if (c.name === 'run_script' && typeof (c.input as { code?: unknown })?.code === 'string')
      return `[tool call] run_script:\n\`\`\`typescript\n${(c.input as { code: string }).code}\n\`\`\``;
    return `[tool call] ${c.name}(${JSON.stringify(c.input)})`;
  });
  return [text, ...lines].filter(Boolean).join('\n');
}
