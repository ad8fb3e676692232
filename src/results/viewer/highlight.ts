// A small syntax highlighter for the code models write (TypeScript/JavaScript) and the JSON control
// messages, so the page needs no library and no network. It colours tokens; it does not parse.

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const KEYWORDS = new Set(
  'as async await break case catch class const continue default delete do else enum export extends finally for from function if import in instanceof interface let new of return satisfies static switch this throw try type typeof var void while yield'.split(
    ' ',
  ),
);
const LITERALS = new Set(['true', 'false', 'null', 'undefined', 'NaN', 'Infinity']);

// Comments, strings (unterminated ones run to the line end), numbers (hex, decimal, bigint), words, anything else.
const TS_TOKEN =
  /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|('(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?|`(?:[^`\\]|\\[\s\S])*`?)|(\b(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)n?\b)|([A-Za-z_$][\w$]*)|([^\w$'"`/]+|[\s\S])/g;
const JSON_TOKEN = /("(?:[^"\\\n]|\\.)*"?)(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([^"\d\-tfn]+|[\s\S])/g;

const span = (cls: string, text: string) => `<span class="hl-${cls}">${esc(text)}</span>`;

export function highlightTs(code: string): string {
  let out = '';
  for (const m of code.matchAll(TS_TOKEN)) {
    const [, comment, str, num, word, other] = m;
    if (comment !== undefined) out += span('c', comment);
    else if (str !== undefined) out += span('s', str);
    else if (num !== undefined) out += span('n', num);
    else if (word !== undefined) {
      if (KEYWORDS.has(word)) out += span('k', word);
      else if (LITERALS.has(word)) out += span('b', word);
      else if (/^\s*\(/.test(code.slice(m.index! + word.length, m.index! + word.length + 8))) out += span('f', word);
      else out += esc(word);
    } else out += esc(other ?? '');
  }
  return out;
}

export function highlightJson(code: string): string {
  let out = '';
  for (const m of code.matchAll(JSON_TOKEN)) {
    const [, str, colon, num, lit, other] = m;
    if (str !== undefined) out += span(colon ? 'p' : 's', str) + (colon ? esc(colon) : '');
    else if (num !== undefined) out += span('n', num);
    else if (lit !== undefined) out += span('b', lit);
    else out += esc(other ?? '');
  }
  return out;
}

const TS_LANGS = new Set(['typescript', 'ts', 'javascript', 'js', 'tsx', 'jsx', 'mjs']);

export function highlight(code: string, lang: string): string {
  const l = lang.toLowerCase();
  if (TS_LANGS.has(l)) return highlightTs(code);
  if (l === 'json') return highlightJson(code);
  return esc(code);
}

const isJson = (s: string) => {
  const t = s.trim();
  if (!/^[{[]/.test(t)) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
};

/** A model reply: prose as text, fenced blocks highlighted by their language, a bare JSON reply as JSON. */
export function renderReply(text: string): string {
  if (!text) return '<div class="prose empty">(empty reply)</div>';
  if (!text.includes('```') && isJson(text)) return `<pre class="code" data-lang="json">${highlightJson(text)}</pre>`;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/```([\w+-]*)[^\n]*\n([\s\S]*?)(?:```|$)/g)) {
    const prose = text.slice(last, m.index);
    if (prose.trim()) out += `<div class="prose">${esc(prose.trim())}</div>`;
    const lang = m[1] || 'text';
    out += `<pre class="code" data-lang="${esc(lang)}">${highlight(m[2]!.replace(/\n$/, ''), lang)}</pre>`;
    last = m.index! + m[0].length;
  }
  const rest = text.slice(last);
  if (rest.trim()) out += `<div class="prose">${esc(rest.trim())}</div>`;
  return out;
}
