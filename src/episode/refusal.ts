// The hard split lets a wallet refuse: a reply {"refuse": "<why>"}, or a script that reads the chain and
// returns { refuse: "<why>" }. On the published splits neither is a refusal (the paper has none).
import { z } from 'zod';
import { fencedBlocks } from '../sandbox/extract.ts';

export interface Refusal {
  reason: string;
}

const Refuse = z.object({ refuse: z.string().trim().min(1).max(4000) }).strict();

/** A script's return value, when it is a refusal. */
export function refusalFrom(value: unknown): Refusal | undefined {
  const parsed = Refuse.safeParse(value);
  return parsed.success ? { reason: parsed.data.refuse } : undefined;
}

/** A reply without code that is a JSON refusal: a ```json block, the whole reply, or its outermost {...}. */
export function refusalIn(text: string): Refusal | undefined {
  const block = fencedBlocks(text).find((b) => b.lang === 'json' || b.lang === '');
  const trimmed = text.trim();
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  const candidates = [block?.code, trimmed, first >= 0 && last > first ? text.slice(first, last + 1) : undefined];
  for (const c of candidates) {
    if (c === undefined) continue;
    try {
      const found = refusalFrom(JSON.parse(c));
      if (found) return found;
    } catch {
      // not JSON: the next candidate
    }
  }
  return undefined;
}
