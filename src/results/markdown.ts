// One instance as a Markdown document: what the Vitest UI and html reporter attach to the task's test,
// so an instance can be read there without the run page. Same content as the page's detail view.
import { percent, usd } from './money.ts';
import type { InstanceRecord, TxRecord } from './record.ts';
import { addressBook, describeTx } from './viewer/decode.ts';

/** A fence longer than any run of backticks inside, so replies with their own ``` blocks stay intact. */
function fence(text: string, lang = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(Math.max(3, longest + 1));
  return `${f}${lang}\n${text.replace(/\n$/, '')}\n${f}`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function checks(rec: InstanceRecord): string {
  const rows = rec.checks.map((c) => `| ${c.passed ? '✓' : '✗'} | ${cell(c.name)} | ${c.weight} | ${cell(c.detail)} |`);
  const earned = rec.checks.filter((c) => c.passed).reduce((s, c) => s + c.weight, 0);
  return [
    '| | check | weight | detail |',
    '|---|---|--:|---|',
    ...rows,
    '',
    `Passed weight ${earned} of ${rec.checks.reduce((s, c) => s + c.weight, 0)}.`,
  ].join('\n');
}

function tx(t: TxRecord, book: Map<string, string>, agent: string | undefined): string {
  const v = describeTx(t, book, agent);
  const lines = [
    `- to: ${v.to}`,
    `- value: ${v.valueBnb} BNB (${v.value} wei)`,
    `- status: ${v.status} · gas used ${v.gasUsed} · hash ${v.hash}`,
  ];
  if (v.call) {
    lines.push(`- call: \`${v.call.signature}\`${v.call.via === 'selector' ? ' (matched by selector)' : ''}`);
    for (const a of v.call.args) lines.push(`  - ${a.name} (${a.type}): ${a.value}`);
  } else lines.push(v.data && v.data !== '0x' ? `- calldata (no known ABI): \`${v.data}\`` : '- no calldata (a plain BNB transfer)');
  return lines.join('\n');
}

/** An execution task's quality: the wallet after the run against its naive and optimal executions. */
function qualityLine(rec: InstanceRecord): string[] {
  const q = rec.quality;
  if (!q) return [];
  const value = q.value === undefined ? 'no end state to value' : `wallet ${usd(q.value)}`;
  return [
    '',
    `Execution quality ${percent(q.share)} (${q.points}/${q.weight} points): ${value} · naive ${usd(q.naive)} · optimum ${usd(q.optimum)}${q.leftOnTableUsd !== undefined ? ` · left on the table ${usd(q.leftOnTableUsd)}` : ''}${q.detail ? ` (${q.detail})` : ''}`,
  ];
}

/** Value lost, exposure and gas against the reference, each item in words, and the price source. */
function cost(rec: InstanceRecord): string[] {
  const r = rec.risk;
  if (!r)
    return rec.riskError || rec.quality ? ['## What it cost', '', ...(rec.riskError ? [rec.riskError] : []), ...qualityLine(rec), ''] : [];
  return [
    '## What it cost',
    '',
    `Value lost ${usd(r.lostUsd)} · exposure ${usd(r.exposureUsd)} · gas ${usd(r.gasUsd)} (against the task's reference on the same instance)`,
    ...qualityLine(rec),
    '',
    ...(r.items.length ? [...r.items.map((i) => `- ${i.kind}: ${i.detail}`), ''] : []),
    `Prices: ${r.priceSource}`,
    '',
  ];
}

export function instanceMarkdown(rec: InstanceRecord): string {
  const t = rec.transcript;
  const book = addressBook(t.messages.find((m) => m.role === 'system')?.content ?? '');
  const c = rec.composite;
  const out = [
    `# ${rec.taskId} · round ${rec.round}: ${rec.score}/100 · ${rec.outcome}${rec.schemaRule ? ` (${rec.schemaRule})` : ''}${rec.passed ? '' : ' · below the pass line'}`,
    '',
    `Model \`${rec.model}\` · ${rec.split}${rec.subcategory ? ` · ${rec.subcategory}` : ''} · template ${rec.templateIndex} · seed ${rec.seed} · latency ${rec.latencyMs} ms${rec.tokens ? ` · tokens ${rec.tokens.input} in / ${rec.tokens.output} out` : ''}`,
    '',
    ...(rec.error ? [`**Error:** ${rec.error}`, ''] : []),
    '## Request',
    '',
    `> ${rec.instruction}`,
    '',
    `Parameters: \`${JSON.stringify(rec.params)}\``,
    '',
    ...(rec.hazard
      ? [
          `Hazard: ${rec.hazard}${rec.note ? ` · ${rec.note}` : ''} · ${rec.expects === 'refusal' ? 'a careful wallet refuses it' : 'a careful wallet carries it out'}`,
          '',
        ]
      : []),
    ...(rec.refusal ? ['## Refused', '', `> ${rec.refusal.reason}`, ''] : []),
  ];
  if (c) {
    out.push(
      '## Steps',
      '',
      `K_act ${c.kAct} / K_opt ${c.kOpt} (budget ${c.budget}) · decay ${c.decay.toFixed(3)} · end-state score ${c.baseScore} × ${c.decay.toFixed(3)} = ${rec.score} · ended by ${c.endReason}`,
      '',
    );
  }
  out.push(`## Checks${c ? ' (end state)' : ''}`, '', checks(rec), '', ...cost(rec));
  if (c) {
    out.push('## Plan', '', fence(c.plan), '');
    const turns = t.rounds ?? [];
    c.rounds.forEach((r, i) => {
      const turn = turns[i];
      out.push(`## Round ${i + 1} · ${r.kind}`, '');
      if (turn) out.push(fence(turn.reply), '');
      if (turn?.logs?.trim()) out.push('Script logs:', '', fence(turn.logs, 'text'), '');
      if (turn?.tx) out.push('Transaction:', '', tx(turn.tx, book, rec.agent), '');
      out.push('Harness feedback:', '', fence(turn?.feedback ?? r.summary, 'text'), '');
    });
    const final = turns[c.rounds.length];
    if (final) out.push(`## Final reply (${c.endReason}, not counted)`, '', fence(final.reply), '');
  } else {
    out.push('## Model reply', '', fence(t.response || '(empty)'), '');
    if (t.logs.trim()) out.push('## Script logs', '', fence(t.logs, 'text'), '');
    if (rec.tx) out.push('## Transaction', '', tx(rec.tx, book, rec.agent), '');
    if ('answer' in rec && rec.answer !== undefined) out.push('## Answer', '', fence(JSON.stringify(rec.answer, null, 2), 'json'), '');
  }
  out.push('## Prompt', '');
  for (const m of t.messages) out.push(`### ${m.role}`, '', fence(m.content, 'text'), '');
  return out.join('\n');
}
