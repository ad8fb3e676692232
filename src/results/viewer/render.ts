// The markup of one opened instance, as a string. Pure (no DOM), so the page's script builds it on
// demand and the unit tests can check it in Node.
import { esc, highlightJson, renderReply } from './highlight.ts';
import type { CheckView, Detail, Row, RoundView, TxView } from './model.ts';
import { agentStepsLine, costBlock, hazardBlock, qualityBlock, refusalBlock } from './render-risk.ts';

const num = (x: number, d = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(d));

type Labels = Readonly<Record<string, string>>;

/** Escaped text with every address the page can name followed by its name, e.g. "0xe9e7… (BUSD)". */
const labelled = (s: string, labels: Labels) =>
  esc(s).replace(/0x[0-9a-fA-F]{40}\b/g, (a) =>
    labels[a.toLowerCase()] ? `${a} <span class="lbl">(${esc(labels[a.toLowerCase()]!)})</span>` : a,
  );

function checksTable(checks: readonly CheckView[], labels: Labels): string {
  if (!checks.length) return '<p class="muted">No checks were recorded.</p>';
  const rows = checks
    .map((c) => {
      const dev =
        c.deviation !== undefined && c.deviation !== null
          ? `deviation ${num(c.deviation, 4)}${c.tolerance !== undefined ? ` · tolerance ${num(c.tolerance, 4)}` : ''}`
          : '';
      return `<tr class="check ${c.passed ? 'pass' : 'fail'}" data-check="${esc(c.name)}"><td class="mark">${c.passed ? '✓' : '✗'}</td><td class="name">${esc(c.name)}</td><td class="weight">${c.weight}</td><td class="detail">${labelled(c.detail, labels)}${dev ? `<div class="muted">${dev}</div>` : ''}</td></tr>`;
    })
    .join('');
  const earned = checks.filter((c) => c.passed).reduce((s, c) => s + c.weight, 0);
  return `<table class="checks"><thead><tr><th></th><th>Check</th><th>Weight</th><th>Detail</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><td></td><td>passed weight</td><td>${earned}</td><td></td></tr></tfoot></table>`;
}

function txBlock(tx: TxView): string {
  const ok = tx.status === 'success';
  const call = tx.call
    ? `<div class="call"><span class="fn">${esc(tx.call.fn)}</span>(<span class="muted">${esc(tx.call.signature.slice(tx.call.fn.length + 1, -1))}</span>)${tx.call.via === 'selector' ? ' <span class="muted">(matched by selector; the target has no known ABI)</span>' : ''}<table class="args">${tx.call.args
        .map((a) => `<tr><td>${esc(a.name)}</td><td class="muted">${esc(a.type)}</td><td>${esc(a.value)}</td></tr>`)
        .join('')}</table></div>`
    : tx.data && tx.data !== '0x'
      ? `<div class="call">calldata (no known ABI for this selector): <code class="raw">${esc(tx.data)}</code></div>`
      : '<div class="call muted">no calldata (a plain BNB transfer)</div>';
  return `<div class="tx ${ok ? 'ok' : 'bad'}"><table class="kv">
<tr><th>to</th><td>${esc(tx.to)}</td></tr>
<tr><th>value</th><td>${esc(tx.valueBnb)} BNB <span class="muted">(${esc(tx.value)} wei)</span></td></tr>
<tr><th>status</th><td class="status">${esc(tx.status)}</td></tr>
<tr><th>gas used</th><td>${esc(tx.gasUsed)}</td></tr>
<tr><th>hash</th><td class="muted">${esc(tx.hash)}</td></tr></table>${call}${tx.call ? `<details><summary>raw calldata</summary><code class="raw">${esc(tx.data)}</code></details>` : ''}</div>`;
}

const logsBlock = (logs: string | undefined) => (logs?.trim() ? `<h5>Script logs</h5><pre class="logs">${esc(logs)}</pre>` : '');

function roundBlock(r: RoundView, n: number, labels: Labels): string {
  return `<h5>Round ${n} · <span class="kind">${esc(r.kind)}</span></h5>
${r.reply !== undefined ? `<div class="reply">${renderReply(r.reply)}</div>` : ''}${logsBlock(r.logs)}${r.tx ? `<h5>Transaction</h5>${txBlock(r.tx)}` : ''}
${r.feedback !== undefined ? `<h5>Harness feedback</h5><pre class="feedback">${labelled(r.feedback, labels)}</pre>` : r.summary ? `<h5>Harness log</h5><pre class="feedback">${labelled(r.summary, labels)}</pre>` : ''}`;
}

function stepsLine(c: NonNullable<Detail['composite']>): string {
  return `<p class="steps">K_act <b>${c.kAct}</b> / K_opt <b>${c.kOpt}</b> (budget ${c.budget}) · decay min(1, K_opt / K_act) = <b>${num(c.decay, 3)}</b> · end-state score ${num(c.baseScore)} × ${num(c.decay, 3)} = <b>${num(c.baseScore * c.decay)}</b> · ended by ${esc(c.endReason)}</p>`;
}

const text = (t: string | number, shared: readonly string[]) => (typeof t === 'number' ? (shared[t] ?? '') : t);

/** The parts of an instance in display order; a comparison lines up parts with the same key. */
const ORDER = [
  'head',
  'error',
  'notice',
  'request',
  'hazard',
  'refusal',
  'steps',
  'checks',
  'quality',
  'cost',
  'reply',
  'logs',
  'tx',
  'answer',
  'plan',
  'round',
  'final',
  'prompt',
];
const rank = (key: string) => {
  const [name, n] = key.split('-');
  return ORDER.indexOf(name!) + (n ? Number(n) / 1000 : 0);
};

/** Every key of either list once, in display order (round-1, round-2, ... by number). */
export function mergeParts(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort((x, y) => rank(x) - rank(y));
}

type Part = [key: string, html: string];
const part = (key: string, html: string, cls = '', attrs = ''): Part => [
  key,
  `<div class="part${cls ? ` ${cls}` : ''}" data-part="${key}"${attrs}>${html}</div>`,
];

function headPart(row: Row, model: string, d: Detail): Part {
  return [
    'head',
    `<header class="part" data-part="head"><h3><span class="task">${esc(row.task)}</span> <span class="muted">· round ${row.round} · ${esc(row.split)} · ${esc(row.group)}</span></h3>
<div class="verdict"><span class="model">${esc(model)}</span> <span class="score ${row.passed ? 'pass' : 'fail'}" data-score="${row.score}">${num(row.score)}/100</span> <span class="badge o-${esc(row.outcome.split(':')[0]!)}">${esc(row.outcome)}</span> ${row.passed ? 'passed' : 'below the pass line'}
<span class="muted">· latency ${d.latencyMs} ms${d.modelLatencyMs !== undefined ? ` (model ${d.modelLatencyMs} ms)` : ''}${d.tokens ? ` · tokens ${d.tokens.input} in / ${d.tokens.output} out` : ''}${d.answers?.replayed ? ` · ${d.answers.replayed} replayed from cache` : ''} · template ${d.templateIndex} · seed ${d.seed}</span></div></header>`,
  ];
}

/** The error, a notice when the transcript is missing, the request with its parameters, the hazard and refusal. */
function requestParts(d: Detail, labels: Labels): Part[] {
  const parts: Part[] = [];
  if (d.error) parts.push(part('error', `<p class="error">${labelled(d.error, labels)}</p>`));
  if (!d.transcript) {
    parts.push(
      part(
        'notice',
        '<p class="notice">Only the summary JSON was available for this run: the prompt, the replies, the script logs and the transaction are in the JSONL beside it, which was not found.</p>',
      ),
    );
  }
  const params = Object.keys(d.params).length
    ? `<details class="params"><summary>parameters</summary><pre class="code">${highlightJson(JSON.stringify(d.params, null, 2))}</pre></details>`
    : '';
  parts.push(
    part(
      'request',
      `<h4>Request</h4><blockquote class="request">${d.instruction ? esc(d.instruction) : '<span class="muted">(not in this results file)</span>'}</blockquote>${params}`,
    ),
  );
  if (d.hazard) parts.push(part('hazard', hazardBlock(d)));
  if (d.refusal !== undefined) parts.push(part('refusal', refusalBlock(d.refusal)));
  return parts;
}

/** Steps (multi-round episodes), the checks, and what the instance cost. */
function scoreParts(d: Detail, shared: readonly string[], labels: Labels): Part[] {
  const parts: Part[] = [];
  const c = d.composite;
  const agent = d.walletAgent;
  if (c) parts.push(part('steps', stepsLine(c)));
  else if (agent) parts.push(part('steps', agentStepsLine(agent)));
  parts.push(part('checks', `<h4>Checks${c || agent ? ' (end state)' : ''}</h4>${checksTable(d.checks, labels)}`));
  if (d.quality) parts.push(part('quality', qualityBlock(d.quality)));
  if (d.risk || d.riskError)
    parts.push(
      part(
        'cost',
        costBlock(d.risk, d.riskError, shared, (s) => labelled(s, labels)),
      ),
    );
  return parts;
}

const roundParts = (rounds: readonly RoundView[], labels: Labels): Part[] =>
  rounds.map((r, i) => part(`round-${i + 1}`, roundBlock(r, i + 1, labels), 'round', ` data-kind="${esc(r.kind)}"`));

/** A wallet agent's trajectory: its rounds, its final word and its output. */
function agentParts(d: Detail, agent: NonNullable<Detail['walletAgent']>, labels: Labels): Part[] {
  const parts: Part[] = [
    part(
      'plan',
      `<h4>Trajectory</h4>${agent.rounds.length ? '' : `<p class="muted">${d.transcript ? 'The agent sent nothing and signed nothing.' : 'In the JSONL beside the results file, which was not found.'}</p>`}`,
    ),
    ...roundParts(agent.rounds, labels),
  ];
  if (d.transcript) {
    parts.push(
      part(
        'final',
        `<h5>The agent's final word</h5>${d.reply ? `<pre class="code">${esc(d.reply)}</pre>` : '<p class="muted">(nothing returned)</p>'}`,
        'round final',
        ` data-kind="${esc(agent.endReason)}"`,
      ),
    );
    if (d.logs?.trim()) parts.push(part('logs', `<h5>Agent output</h5><pre class="logs">${esc(d.logs)}</pre>`));
  }
  return parts;
}

/** A composite episode: the plan, its rounds and the final reply. */
function compositeParts(c: NonNullable<Detail['composite']>, labels: Labels): Part[] {
  const parts: Part[] = [
    part('plan', `<h4>Plan</h4><div class="reply plan">${renderReply(c.plan)}</div><h4>Rounds</h4>`),
    ...roundParts(c.rounds, labels),
  ];
  if (c.final !== undefined) {
    parts.push(
      part(
        'final',
        `<h5>Final reply · ${esc(c.endReason)} (not counted)</h5><div class="reply">${renderReply(c.final)}</div>`,
        'round final',
        ` data-kind="${esc(c.endReason)}"`,
      ),
    );
  }
  return parts;
}

/** A single request: the reply, the script's logs, the transaction or the answer. */
function atomicParts(d: Detail): Part[] {
  const parts: Part[] = [part('reply', `<h4>Model reply</h4><div class="reply">${renderReply(d.reply ?? '')}</div>`)];
  if (d.logs?.trim()) parts.push(part('logs', logsBlock(d.logs)));
  if (d.tx) parts.push(part('tx', `<h4>Transaction</h4>${txBlock(d.tx)}`));
  if (d.answer !== undefined) parts.push(part('answer', `<h4>Answer</h4><pre class="code">${highlightJson(d.answer)}</pre>`));
  return parts;
}

/** What the model did, by protocol: a wallet agent's trajectory, a composite episode, or a single reply. */
function playParts(d: Detail, labels: Labels): Part[] {
  if (d.walletAgent) return agentParts(d, d.walletAgent, labels);
  if (d.composite) return compositeParts(d.composite, labels);
  return d.transcript ? atomicParts(d) : [];
}

function promptPart(messages: NonNullable<Detail['messages']>, shared: readonly string[]): Part {
  return part(
    'prompt',
    `<details class="prompt"><summary>Prompt (${messages.length} messages)</summary>${messages.map((m) => `<h5>${esc(m.role)}</h5><pre class="msg">${esc(text(m.content, shared))}</pre>`).join('')}</details>`,
  );
}

/** One instance as parts: verdict, request, steps, checks, reply or plan and rounds, logs, transaction, prompt. */
export function detailParts(row: Row, model: string, d: Detail, shared: readonly string[], labels: Labels = {}): Part[] {
  return [
    headPart(row, model, d),
    ...requestParts(d, labels),
    ...scoreParts(d, shared, labels),
    ...playParts(d, labels),
    ...(d.messages?.length ? [promptPart(d.messages, shared)] : []),
  ];
}

function article(row: Row, model: string, parts: Part[], layout?: readonly string[]): string {
  const attrs = `class="inst" data-model="${esc(model)}" data-task="${esc(row.task)}" data-round="${row.round}"`;
  if (!layout) return `<article ${attrs}>${parts.map(([, html]) => html).join('')}</article>`;
  const byKey = new Map(parts);
  return `<article ${attrs} style="grid-row:span ${layout.length}">${layout.map((k) => byKey.get(k) ?? `<div class="part empty" data-part="${k}"></div>`).join('')}</article>`;
}

export interface Shown {
  row: Row;
  model: string;
  detail: Detail;
}

/** One instance. */
export function renderDetail(row: Row, model: string, d: Detail, shared: readonly string[], labels: Labels = {}): string {
  return article(row, model, detailParts(row, model, d, shared, labels));
}

/**
 * Two instances side by side: every part takes one row of the comparison grid (empty on the side
 * that has none), so the checks, the plan and round n of both sit next to each other.
 */
export function renderPair(a: Shown, b: Shown, shared: readonly string[], labels: Labels = {}): string {
  const pa = detailParts(a.row, a.model, a.detail, shared, labels);
  const pb = detailParts(b.row, b.model, b.detail, shared, labels);
  const layout = mergeParts(
    pa.map(([k]) => k),
    pb.map(([k]) => k),
  );
  return `<div class="compare">${article(a.row, a.model, pa, layout)}${article(b.row, b.model, pb, layout)}</div>`;
}
