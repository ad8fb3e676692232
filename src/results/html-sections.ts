// The leaderboard page's charts and tables below the main table: the atomic-vs-composite scatter, per
// composite pattern and per hard-split hazard the pass rate as a bar, what mistakes cost per split,
// and the task × model heat map with flaky marks.
import type { Leaderboard, ModelRow } from './leaderboard.ts';
import { f } from './leaderboard-table.ts';
import { percent, usd } from './money.ts';
import { esc } from './viewer/highlight.ts';

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];
export const color = (i: number) => PALETTE[i % PALETTE.length]!;

/** A link into the instance viewer; only rendered when the page carries the viewer. */
export const instancesHref = (params: Record<string, string>) => esc(`#instances?${new URLSearchParams(params).toString()}`);

export function scatter(lb: Leaderboard): string {
  const W = 420,
    H = 320,
    P = 40;
  const x = (v: number) => P + (v / 100) * (W - 2 * P);
  const y = (v: number) => H - P - (v / 100) * (H - 2 * P);
  const pct = (v: number, m: number) => (m > 0 ? (100 * v) / m : 0);
  const medX = lb.rows[0] ? pct(lb.medians.atomicAvg, lb.rows[0].atomicMax) : 50;
  const medY = lb.rows[0] ? pct(lb.medians.compositeAvg, lb.rows[0].compositeMax) : 50;
  const points = lb.rows
    .map((r, i) => {
      const px = x(pct(r.atomicAvg, r.atomicMax)),
        py = y(pct(r.compositeAvg, r.compositeMax));
      // Labels near the right edge go to the left of their point so they stay inside the chart.
      const left = px + 8 + r.key.length * 6.2 > W;
      return `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="6" fill="${color(i)}" data-model="${esc(r.key)}"><title>${esc(r.key)}</title></circle><text x="${(left ? px - 8 : px + 8).toFixed(1)}" y="${(py - 8).toFixed(1)}" font-size="11" text-anchor="${left ? 'end' : 'start'}">${esc(r.key)}</text>`;
    })
    .join('');
  const ticks = [0, 25, 50, 75, 100]
    .map(
      (t) =>
        `<text x="${x(t)}" y="${H - P + 16}" font-size="10" text-anchor="middle">${t}</text><text x="${P - 6}" y="${y(t) + 3}" font-size="10" text-anchor="end">${t}</text>`,
    )
    .join('');
  return `<svg id="scatter" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="atomic vs composite">
<rect x="${P}" y="${P}" width="${W - 2 * P}" height="${H - 2 * P}" fill="#f8fafc" stroke="#94a3b8"/>
<line x1="${x(medX)}" y1="${P}" x2="${x(medX)}" y2="${H - P}" stroke="#94a3b8" stroke-dasharray="4"/>
<line x1="${P}" y1="${y(medY)}" x2="${W - P}" y2="${y(medY)}" stroke="#94a3b8" stroke-dasharray="4"/>
${ticks}<text x="${W / 2}" y="${H - 6}" font-size="11" text-anchor="middle">Atomic score (% of max)</text>
<text x="12" y="${H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${H / 2})">Composite score (% of max)</text>${points}</svg>`;
}

interface BarCell {
  passed: number;
  instances: number;
  meanScore: number;
  /** The extra figure after the mean (composite: step efficiency). */
  extra?: { label: string; value: number; attr: string };
}

/** A pass-rate bar with the mean score as a thin bar under it; a link to those instances on a page with the viewer. */
function barCell(
  r: ModelRow,
  i: number,
  c: BarCell | undefined,
  link: Record<string, string> | undefined,
  attrs: Record<string, string>,
): string {
  if (!c) return '<td class="na">–</td>';
  const rate = c.instances ? c.passed / c.instances : 0;
  const tag = link ? 'a' : 'div';
  const href = link ? ` href="${instancesHref(link)}"` : '';
  const data = Object.entries(attrs)
    .map(([k, v]) => ` data-${k}="${esc(v)}"`)
    .join('');
  const extra = c.extra ? ` data-${c.extra.attr}="${f(c.extra.value, 3)}"` : '';
  const extraText = c.extra ? ` · ${c.extra.label} <b>${f(c.extra.value, 2)}</b>` : '';
  const title = `${r.key}: ${c.passed}/${c.instances} passed, mean score ${f(c.meanScore)}${c.extra ? `, ${c.extra.label} ${f(c.extra.value, 2)}` : ''}`;
  return `<td><${tag} class="bar"${href} title="${esc(title)}" data-model="${esc(r.key)}"${data} data-rate="${rate.toFixed(4)}" data-mean="${f(c.meanScore)}"${extra}><span class="pass" style="width:${(rate * 100).toFixed(1)}%;background:${color(i)}"></span><span class="mean" style="width:${c.meanScore.toFixed(1)}%"></span></${tag}><span class="pm">pass ${c.passed}/${c.instances} · mean <b>${f(c.meanScore)}</b>${extraText}</span></td>`;
}

const modelHead = (rows: readonly ModelRow[]) =>
  rows.map((r, i) => `<th><i class="swatch" style="background:${color(i)}"></i>${esc(r.key)}</th>`).join('');

/** Per pattern and model: the pass rate as a bar, with the mean score and the step efficiency beside it. */
export function patternTable(lb: Leaderboard, linked: boolean): string {
  const patterns = [...new Set(lb.rows.flatMap((r) => Object.keys(r.byPattern)))].sort();
  if (!patterns.length) return '<p>No composite tasks in these runs.</p>';
  const rows = patterns
    .map((p) => {
      const cells = lb.rows.map((r, i) => {
        const c = r.byPattern[p];
        const cell = c && { ...c, extra: { label: 'eff', value: c.efficiency, attr: 'efficiency' } };
        return barCell(r, i, cell, linked ? { model: r.key, split: 'composite', group: p } : undefined, { pattern: p });
      });
      return `<tr><th>${esc(p)}</th>${cells.join('')}</tr>`;
    })
    .join('');
  return `<table id="patterns"><thead><tr><th>Pattern</th>${modelHead(lb.rows)}</tr></thead><tbody>${rows}</tbody></table>
<p class="note">Bar: pass rate (score ≥ 60); thin bar: mean score, decay included. Efficiency: mean min(1, K_opt / K_act), 1 when every episode used the optimal number of rounds.</p>`;
}

/** Per hazard and model the pass rate, then refusals as due, over-refusals and unsafe actions. */
export function hazardTable(lb: Leaderboard, linked: boolean): string {
  const rows = lb.rows.filter((r) => r.hard);
  if (!rows.length) return '';
  const hazards = [...new Set(rows.flatMap((r) => Object.keys(r.hard!.byHazard)))].sort();
  const bars = hazards
    .map(
      (h) =>
        `<tr><th>${esc(h)}</th>${rows.map((r, i) => barCell(r, lb.rows.indexOf(r), r.hard!.byHazard[h], linked ? { model: r.key, split: 'hard', hazard: h } : undefined, { hazard: h })).join('')}</tr>`,
    )
    .join('');
  const count = (field: string, label: string, title: string, cell: (r: ModelRow) => string) =>
    `<tr class="count"><th title="${esc(title)}">${label}</th>${rows.map((r) => `<td data-model="${esc(r.key)}" data-field="${field}">${cell(r)}</td>`).join('')}</tr>`;
  const link = (r: ModelRow, outcome: string, text: string) =>
    linked ? `<a href="${instancesHref({ model: r.key, split: 'hard', outcome })}">${text}</a>` : text;
  return `<section><h2>Hard split: pass rate per hazard, refusals</h2><table id="hazards"><thead><tr><th>Hazard</th>${modelHead(rows)}</tr></thead><tbody>${bars}
${count('refused-safely', 'refused as due', 'tasks that expect a refusal: refused, moving nothing', (r) => `${r.hard!.refusedSafely}/${r.hard!.refusalInstances}`)}
${count('over-refusals', 'over-refusals', 'tasks that expect action: refused anyway', (r) => link(r, 'refused', `${r.hard!.overRefusals}/${r.hard!.actionInstances}`))}
${count('unsafe', 'unsafe actions', 'tasks that expect a refusal: a transaction went through', (r) => link(r, 'unsafe', String(r.hard!.unsafe)))}
</tbody></table><p class="note">The hard split is reported beside the published splits, never in their total. Bar: pass rate; thin bar: mean score.</p></section>`;
}

/** Per deciding mechanism and model the pass rate: which careless habit each model has, across the hazards. */
export function mechanismTable(lb: Leaderboard, linked: boolean): string {
  const rows = lb.rows.filter((r) => r.hard && Object.keys(r.hard.byMechanism).length);
  if (!rows.length) return '';
  const mechanisms = [...new Set(rows.flatMap((r) => Object.keys(r.hard!.byMechanism)))].sort();
  const bars = mechanisms
    .map(
      (m) =>
        `<tr><th>${esc(m)}</th>${rows.map((r) => barCell(r, lb.rows.indexOf(r), r.hard!.byMechanism[m], linked ? { model: r.key, split: 'hard', mech: m } : undefined, { mechanism: m })).join('')}</tr>`,
    )
    .join('');
  return `<section><h2>Hard split: pass rate per mechanism</h2><table id="mechanisms"><thead><tr><th>Mechanism</th>${modelHead(rows)}</tr></thead><tbody>${bars}</tbody></table><p class="note">Each task counts under the mechanism that decides it (the first its file names): what a careful agent does there that a careless one does not. Bar: pass rate; thin bar: mean score.</p></section>`;
}

/** Per model and split: value lost, the worst instance, exposure, and the share of instances that lost money. */
export function costTable(lb: Leaderboard, linked: boolean): string {
  const rows = lb.rows.filter((r) => r.cost);
  if (!rows.length) return '';
  const body = rows
    .flatMap((r) =>
      (['atomic', 'composite', 'hard', 'all'] as const).flatMap((split) => {
        const c = r.cost![split];
        if (!c) return [];
        const worst =
          c.worst && linked
            ? `<a href="${instancesHref({ model: r.key, task: `${c.worst.split}/${c.worst.taskId}` })}">${usd(c.worstUsd)}</a>`
            : usd(c.worstUsd);
        const lostLink =
          linked && c.lossCount
            ? `<a href="${instancesHref({ model: r.key, ...(split === 'all' ? {} : { split }), lost: '1' })}">${c.lossCount}/${c.measured}</a>`
            : `${c.lossCount}/${c.measured}`;
        return [
          `<tr data-model="${esc(r.key)}" data-split="${split}"${split === 'all' ? ' class="all"' : ''}><td>${esc(r.key)}</td><td>${split === 'all' ? 'every split' : split}</td><td data-field="lost-total">${usd(c.lostUsd)}</td><td data-field="lost-per-100">${usd(c.lostPer100)}</td><td data-field="worst">${worst}</td><td data-field="exposure-total">${usd(c.exposureUsd)}</td><td data-field="lost-count">${lostLink} (${percent(c.lossShare)})</td><td data-field="gas">${usd(c.gasUsd)}</td><td data-field="left-total">${c.quality ? `${usd(c.quality.leftOnTableUsd)} (quality ${percent(c.quality.meanShare)})` : '–'}</td></tr>`,
        ];
      }),
    )
    .join('');
  return `<section><h2>What mistakes cost</h2><table id="costs"><thead><tr><th>Model</th><th>Split</th><th>Value lost</th><th>per 100 requests</th><th>Worst instance</th><th>Exposure</th><th>Lost money</th><th>Gas</th><th>Left on the table</th></tr></thead><tbody>${body}</tbody></table>
<p class="note">Against the task's reference on the same instance, in USD at the instance's pre-state prices from the chain's own pools (see "What a mistake costs" in evm-questbench's docs/results.md). Lost money: lost more than one cent. Exposure: balances left to approvals the model raised beyond the reference's. Gas is apart. Left on the table: execution tasks ended correctly, against the validator's optimum for the instance (quality: from the task's naive execution, 0 %, to the optimum, 100 %).</p></section>`;
}

/** Task × model scores, one small table per subcategory, pattern or hazard so the grid fills the page's width. */
export function heatmap(lb: Leaderboard, linked: boolean): string {
  const groups = new Map<string, string[]>();
  for (const t of lb.tasks) {
    const g = `${t.split('/')[0]} · ${lb.taskGroups?.[t] ?? ''}`;
    groups.set(g, [...(groups.get(g) ?? []), t]);
  }
  const flaky = new Map(lb.rows.map((r) => [r.key, new Set(r.reliability?.flakyTasks ?? [])]));
  const head = lb.rows
    .map((r, i) => `<th title="${esc(r.key)}"><i class="swatch" style="background:${color(i)}"></i>${r.rank}</th>`)
    .join('');
  const cell = (r: ModelRow, t: string) => {
    const v = r.byTask[t];
    if (v === undefined) return '<td class="na">–</td>';
    const hue = Math.round((v / 100) * 120);
    const isFlaky = flaky.get(r.key)!.has(t);
    const title = `${r.key} · ${t}: ${f(v)}${isFlaky ? ' · flaky: passed in some rounds only' : ''}`;
    const label = linked
      ? `<a href="${instancesHref({ model: r.key, task: t })}" title="${esc(title)}">${Math.round(v)}</a>`
      : `<span title="${esc(title)}">${Math.round(v)}</span>`;
    return `<td style="background:hsl(${hue},70%,80%)"${isFlaky ? ' class="flaky"' : ''} data-task="${esc(t)}" data-model="${esc(r.key)}" data-score="${f(v)}">${label}</td>`;
  };
  const tables = [...groups.entries()]
    .map(([g, tasks]) => {
      const body = tasks
        .map((t) => `<tr><th title="${esc(t)}">${esc(t.slice(t.indexOf('/') + 1))}</th>${lb.rows.map((r) => cell(r, t)).join('')}</tr>`)
        .join('');
      return `<table class="heat"><caption>${esc(g)}</caption><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    })
    .join('\n');
  const legend = lb.rows
    .map((r, i) => `<span class="key"><i class="swatch" style="background:${color(i)}"></i>${r.rank} ${esc(r.key)}</span>`)
    .join(' ');
  const flakyNote = lb.rows.some((r) => r.reliability)
    ? ' <span class="key"><span class="flaky-mark">~</span> flaky: passed in some rounds, failed in others</span>'
    : '';
  return `<p class="legend">${legend}${flakyNote}</p><div id="heatmap">${tables}</div>`;
}
