// What a round's reply can be: one TypeScript block (a transaction), a query, a submit, an error report,
// a refusal where refusals count, or an invalid reply under the paper's rules; and how a text reply is read.
import { z } from 'zod';
import { fencedBlocks } from '../sandbox/extract.ts';
import { refusalFrom } from './refusal.ts';

const CODE_LANGS = new Set(['typescript', 'ts', 'javascript', 'js']);

const target = z.string().min(1).describe('a 0x address or a key of the address map (e.g. "USDT", "router")');

export const Query = z.discriminatedUnion('type', [
  z.object({ action: z.literal('query'), type: z.literal('native_balance'), address: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('token_balance'), token: target, address: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('allowance'), token: target, owner: target, spender: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('pair_reserves'), pair: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('staked_amount'), pool: target, address: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('pending_rewards'), pool: target, address: target }).strict(),
  z.object({ action: z.literal('query'), type: z.literal('nft_owner'), nft: target, tokenId: z.union([z.string(), z.number()]) }).strict(),
]);
export type Query = z.infer<typeof Query>;

const Submit = z.object({ submit: z.literal(true), answer: z.unknown().optional() }).strict();
const ErrorReport = z.object({ error: z.string().min(1) }).strict();

export type RoundReply =
  | { kind: 'code'; text: string }
  | { kind: 'query'; query: Query }
  | { kind: 'error'; message: string }
  | { kind: 'submit'; answer?: unknown }
  | { kind: 'refuse'; reason: string }
  | { kind: 'invalid'; rule: 'bad_control_json' | 'no_code_block'; message: string };

/** The JSON candidate of a reply: a ```json block, the whole reply, or its outermost {...}. */
function jsonCandidate(text: string): string | undefined {
  const block = fencedBlocks(text).find((b) => b.lang === 'json' || b.lang === '');
  if (block) return block.code.trim();
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  return first >= 0 && last > first ? text.slice(first, last + 1) : undefined;
}

/**
 * One round's reply: exactly one TypeScript block (one transaction) or one JSON control message.
 * Code wins when both appear, so the word "submit" in a comment never ends an episode.
 */
export function parseRoundReply(text: string, opts: { refusals?: boolean } = {}): RoundReply {
  if (fencedBlocks(text).some((b) => CODE_LANGS.has(b.lang) && b.code.trim() !== '')) return { kind: 'code', text };
  const candidate = jsonCandidate(text);
  if (candidate === undefined) {
    return { kind: 'invalid', rule: 'no_code_block', message: 'the reply has neither a ```typescript block nor a JSON control message' };
  }
  let value: unknown;
  try {
    value = JSON.parse(candidate);
  } catch (e) {
    return { kind: 'invalid', rule: 'bad_control_json', message: `the control message is not valid JSON: ${(e as Error).message}` };
  }
  if (typeof value === 'object' && value !== null && 'action' in value) {
    const q = Query.safeParse(value);
    if (q.success) return { kind: 'query', query: q.data };
    return {
      kind: 'invalid',
      rule: 'bad_control_json',
      message: `invalid query: ${q.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    };
  }
  const s = Submit.safeParse(value);
  if (s.success) return { kind: 'submit', ...('answer' in s.data ? { answer: s.data.answer } : {}) };
  const e = ErrorReport.safeParse(value);
  if (e.success) return { kind: 'error', message: e.data.error };
  const refusal = opts.refusals ? refusalFrom(value) : undefined;
  if (refusal) return { kind: 'refuse', reason: refusal.reason };
  return {
    kind: 'invalid',
    rule: 'bad_control_json',
    message: `unknown control message: expected {"action":"query",...}, {"submit": true}${opts.refusals ? ', {"refuse": "..."}' : ''} or {"error": "..."}`,
  };
}
