// Pulls the skill source out of a model answer written in Markdown.

const TS_LANGS = new Set(['typescript', 'ts']);
const CODE_LANGS = new Set(['typescript', 'ts', 'javascript', 'js', '']);

export interface Block {
  lang: string;
  code: string;
}

export function fencedBlocks(answer: string): Block[] {
  const lines = answer.split(/\r?\n/);
  const blocks: Block[] = [];
  let open: { fence: string; lang: string; body: string[] } | undefined;
  for (const line of lines) {
    if (!open) {
      // An opening fence: up to 3 spaces of indent, 3+ backticks, then an optional info string.
      const m = /^ {0,3}(`{3,})\s*([^`\s]*)[^`]*$/.exec(line);
      if (m) open = { fence: m[1]!, lang: m[2]!.toLowerCase(), body: [] };
      continue;
    }
    const close = /^ {0,3}(`{3,})\s*$/.exec(line);
    if (close && close[1]!.length >= open.fence.length) {
      blocks.push({ lang: open.lang, code: open.body.join('\n') });
      open = undefined;
    } else open.body.push(line);
  }
  // An answer cut off inside its code block still carries the code; let the compiler judge it.
  if (open) blocks.push({ lang: open.lang, code: open.body.join('\n') });
  return blocks;
}

/**
 * The skill's code: the first ```typescript / ```ts block if there is one, otherwise the first
 * ```javascript / ```js / bare ``` block. Other languages (json, solidity, bash, ...) are ignored.
 */
export function extractCode(answer: string): { code: string } | { error: string } {
  const candidates = fencedBlocks(answer).filter((b) => CODE_LANGS.has(b.lang) && b.code.trim() !== '');
  const chosen = candidates.find((b) => TS_LANGS.has(b.lang)) ?? candidates[0];
  if (!chosen) {
    return { error: 'the answer contains no fenced ```typescript code block' };
  }
  return { code: chosen.code };
}
