import { gzipSync } from 'node:zlib';
import { f, formatCi, type Leaderboard } from './leaderboard.ts';
import { esc } from './viewer/highlight.ts';
import { clientScript } from './viewer/bundle.ts';
import type { ViewerData } from './viewer/data.ts';
import { PAGE_CSS } from './viewer/style.ts';

const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];
const color = (i: number) => PALETTE[i % PALETTE.length]!;

/** A link into the instance viewer; only rendered when the page carries the viewer. */
const instancesHref = (params: Record<string, string>) => esc(`#instances?${new URLSearchParams(params).toString()}`);

function table(lb: Leaderboard, linked: boolean): string {
  const rows = lb.rows
    .map((r, i) => {
      const tokens = r.tokens ? `${r.tokens.input.toLocaleString('en-US')} / ${r.tokens.output.toLocaleString('en-US')}` : '–';
      const cost = r.tokens?.cost !== null && r.tokens?.cost !== undefined ? `$${r.tokens.cost.toFixed(r.tokens.cost < 1 ? 4 : 2)}` : '–';
      const name = `<i class="swatch" style="background:${color(i)}"></i>${linked ? `<a href="${instancesHref({ model: r.model })}">${esc(r.model)}</a>` : esc(r.model)}`;
      return `<tr data-model="${esc(r.model)}">
  <td data-field="rank">${r.rank}</td><td data-field="model">${name}${r.answers.replayed ? ` <abbr class="replayed" title="${r.answers.replayed} of ${r.answers.live + r.answers.replayed} answers replayed from the response cache">replays</abbr>` : ''}</td>
  <td data-field="atomic">${f(r.atomicAvg)}</td><td data-field="composite">${f(r.compositeAvg)}</td><td data-field="total">${f(r.totalAvg)}</td>
  <td data-field="sd">${f(r.sd)}</td><td data-field="cv">${f(r.cvPercent, 2)}</td><td data-field="ci">${formatCi(r)}</td>
  <td data-field="passes">${r.passes.atomic}/${r.passes.instancesAtomic} · ${r.passes.composite}/${r.passes.instancesComposite}</td>
  <td data-field="steps">${r.steps ? `${f(r.steps.meanKAct, 2)} / ${f(r.steps.meanKOpt, 2)} · ${f(r.steps.efficiency, 3)}` : '–'}</td>
  <td data-field="tokens">${tokens}</td><td data-field="cost">${cost}</td>
  <td data-field="quadrant">${esc(r.quadrant ?? '')}</td></tr>`;
    })
    .join('\n');
  const max = lb.rows[0] ? `${lb.rows[0].atomicMax} / ${lb.rows[0].compositeMax} / ${lb.rows[0].atomicMax + lb.rows[0].compositeMax}` : '';
  return `<table id="leaderboard"><thead><tr><th>Rank</th><th>Model</th><th>Atomic</th><th>Composite</th><th>Total</th><th>SD</th><th>CV %</th><th>95% CI (total)</th><th>Passes A · C</th><th title="composite: mean K_act / K_opt · mean decay">Steps K_act / K_opt · efficiency</th><th>Tokens in / out</th><th>Cost</th><th>Quadrant</th></tr></thead>
<tbody>${rows}</tbody></table><p class="note">Maximum per round: ${max}. Means over rounds; CI from Student-t with df = rounds − 1. Tokens are those paid in the run (replayed answers cost none); cost needs a price (QUEST_PRICES at run time, or --prices).</p>`;
}

function scatter(lb: Leaderboard): string {
  const W = 420, H = 320, P = 40;
  const x = (v: number) => P + (v / 100) * (W - 2 * P);
  const y = (v: number) => H - P - (v / 100) * (H - 2 * P);
  const pct = (v: number, m: number) => (m > 0 ? (100 * v) / m : 0);
  const medX = lb.rows[0] ? pct(lb.medians.atomicAvg, lb.rows[0].atomicMax) : 50;
  const medY = lb.rows[0] ? pct(lb.medians.compositeAvg, lb.rows[0].compositeMax) : 50;
  const points = lb.rows
    .map((r, i) => {
      const px = x(pct(r.atomicAvg, r.atomicMax)), py = y(pct(r.compositeAvg, r.compositeMax));
      // Labels near the right edge go to the left of their point so they stay inside the chart.
      const left = px + 8 + r.model.length * 6.2 > W;
      return `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="6" fill="${color(i)}" data-model="${esc(r.model)}"><title>${esc(r.model)}</title></circle><text x="${(left ? px - 8 : px + 8).toFixed(1)}" y="${(py - 8).toFixed(1)}" font-size="11" text-anchor="${left ? 'end' : 'start'}">${esc(r.model)}</text>`;
    })
    .join('');
  const ticks = [0, 25, 50, 75, 100]
    .map((t) => `<text x="${x(t)}" y="${H - P + 16}" font-size="10" text-anchor="middle">${t}</text><text x="${P - 6}" y="${y(t) + 3}" font-size="10" text-anchor="end">${t}</text>`)
    .join('');
  return `<svg id="scatter" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="atomic vs composite">
<rect x="${P}" y="${P}" width="${W - 2 * P}" height="${H - 2 * P}" fill="#f8fafc" stroke="#94a3b8"/>
<line x1="${x(medX)}" y1="${P}" x2="${x(medX)}" y2="${H - P}" stroke="#94a3b8" stroke-dasharray="4"/>
<line x1="${P}" y1="${y(medY)}" x2="${W - P}" y2="${y(medY)}" stroke="#94a3b8" stroke-dasharray="4"/>
${ticks}<text x="${W / 2}" y="${H - 6}" font-size="11" text-anchor="middle">Atomic score (% of max)</text>
<text x="12" y="${H / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${H / 2})">Composite score (% of max)</text>${points}</svg>`;
}

/** Per pattern and model: the pass rate as a bar, with the mean score and the step efficiency beside it. */
function patternTable(lb: Leaderboard, linked: boolean): string {
  const patterns = [...new Set(lb.rows.flatMap((r) => Object.keys(r.byPattern)))].sort();
  if (!patterns.length) return '<p>No composite tasks in these runs.</p>';
  const head = lb.rows.map((r, i) => `<th><i class="swatch" style="background:${color(i)}"></i>${esc(r.model)}</th>`).join('');
  const rows = patterns
    .map((p) => {
      const cells = lb.rows
        .map((r, i) => {
          const c = r.byPattern[p];
          if (!c) return '<td class="na">–</td>';
          const rate = c.instances ? c.passed / c.instances : 0;
          const tag = linked ? 'a' : 'div';
          const href = linked ? ` href="${instancesHref({ model: r.model, split: 'composite', group: p })}"` : '';
          return `<td><${tag} class="bar"${href} title="${esc(r.model)}: ${c.passed}/${c.instances} passed, mean score ${f(c.meanScore)}, efficiency ${f(c.efficiency, 2)}" data-model="${esc(r.model)}" data-pattern="${esc(p)}" data-rate="${rate.toFixed(4)}" data-mean="${f(c.meanScore)}" data-efficiency="${f(c.efficiency, 3)}"><span class="pass" style="width:${(rate * 100).toFixed(1)}%;background:${color(i)}"></span><span class="mean" style="width:${c.meanScore.toFixed(1)}%"></span></${tag}><span class="pm">pass ${c.passed}/${c.instances} · mean <b>${f(c.meanScore)}</b> · eff <b>${f(c.efficiency, 2)}</b></span></td>`;
        })
        .join('');
      return `<tr><th>${esc(p)}</th>${cells}</tr>`;
    })
    .join('');
  return `<table id="patterns"><thead><tr><th>Pattern</th>${head}</tr></thead><tbody>${rows}</tbody></table>
<p class="note">Bar: pass rate (score ≥ 60); thin bar: mean score, decay included. Efficiency: mean min(1, K_opt / K_act), 1 when every episode used the optimal number of rounds.</p>`;
}

/** Task × model scores, one small table per subcategory or pattern so the grid fills the page's width. */
function heatmap(lb: Leaderboard, linked: boolean): string {
  const groups = new Map<string, string[]>();
  for (const t of lb.tasks) {
    const g = `${t.split('/')[0]} · ${lb.taskGroups?.[t] ?? ''}`;
    groups.set(g, [...(groups.get(g) ?? []), t]);
  }
  const head = lb.rows.map((r, i) => `<th title="${esc(r.model)}"><i class="swatch" style="background:${color(i)}"></i>${r.rank}</th>`).join('');
  const tables = [...groups.entries()]
    .map(([g, tasks]) => {
      const body = tasks
        .map((t) => {
          const cells = lb.rows
            .map((r) => {
              const v = r.byTask[t];
              if (v === undefined) return '<td class="na">–</td>';
              const hue = Math.round((v / 100) * 120);
              const label = linked ? `<a href="${instancesHref({ model: r.model, task: t })}" title="${esc(r.model)} · ${esc(t)}: ${f(v)}">${Math.round(v)}</a>` : String(Math.round(v));
              return `<td style="background:hsl(${hue},70%,80%)" data-task="${esc(t)}" data-model="${esc(r.model)}" data-score="${f(v)}">${label}</td>`;
            })
            .join('');
          return `<tr><th title="${esc(t)}">${esc(t.slice(t.indexOf('/') + 1))}</th>${cells}</tr>`;
        })
        .join('');
      return `<table class="heat"><caption>${esc(g)}</caption><thead><tr><th></th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    })
    .join('\n');
  const legend = lb.rows.map((r, i) => `<span class="key"><i class="swatch" style="background:${color(i)}"></i>${r.rank} ${esc(r.model)}</span>`).join(' ');
  return `<p class="legend">${legend}</p><div id="heatmap">${tables}</div>`;
}

const VIEWER_SHELL = `<section id="viewer" hidden>
<div id="notice" class="notice" hidden></div>
<div class="filters">
<select id="f-model" aria-label="model"></select><select id="f-split" aria-label="split"></select><select id="f-group" aria-label="subcategory or pattern"></select><select id="f-outcome" aria-label="outcome"></select><select id="f-round" aria-label="round"></select>
<label><input type="checkbox" id="f-below"> below the pass line</label>
<input id="f-q" type="search" placeholder="search task id" aria-label="search task id">
<span id="f-task" class="chip" hidden></span><button type="button" id="f-reset">reset</button><span id="count" class="muted"></span>
</div>
<div class="viewer-body"><div id="list" role="list"><div id="list-spacer"></div><div id="list-rows"></div></div><div id="detail"></div></div>
</section>`;

const script = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
/**
 * Data parsed only when an instance is opened, gzip-compressed: transcripts repeat a lot, so a
 * 5-round run of three models shrinks about tenfold. The browser inflates it with DecompressionStream.
 */
const packed = (id: string, value: unknown) =>
  `<script type="application/octet-stream" id="${id}" data-encoding="gzip-base64">${gzipSync(JSON.stringify(value), { level: 9 }).toString('base64')}</script>`;

/**
 * One self-contained page (no network): the leaderboard, scatter, per-pattern bars and a task × model
 * heat map; with `viewer` data also every instance, one click from the heat map and the pattern bars.
 */
export function leaderboardHtml(lb: Leaderboard, title = 'evm-questbench leaderboard', viewer?: ViewerData): string {
  const linked = viewer !== undefined;
  const stability = lb.rankStability ? `Spearman ρ between rounds over model ranks: mean ${f(lb.rankStability.mean, 3)} (min ${f(lb.rankStability.min, 3)}, max ${f(lb.rankStability.max, 3)}).` : '';
  const nav = linked
    ? `<nav><a href="#board" data-view="board" class="active">Leaderboard</a><a href="#instances" data-view="instances">Instances (${viewer.index.rows.length})</a></nav>`
    : '';
  const data = linked
    ? [script('qb-index', viewer.index), packed('qb-shared', viewer.shared), ...viewer.details.map((d, i) => packed(`qb-detail-${i}`, d)), `<script>${clientScript()}</script>`].join('\n')
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>${PAGE_CSS}</style></head><body>
<header class="top"><h1>${esc(title)}</h1>${nav}</header>
<main>
<div id="board">
<section><h2>Leaderboard</h2>${table(lb, linked)}<p class="note">${esc(stability)}</p></section>
<div class="pair">
<section><h2>Atomic vs composite</h2>${scatter(lb)}<p class="note">Dashed lines: medians (quadrant boundaries).</p></section>
<section class="grow"><h2>Composite patterns: pass rate, mean score, step efficiency</h2>${patternTable(lb, linked)}</section>
</div>
<section><h2>Mean score per task and model</h2>${linked ? '<p class="note">Click a score to open that task\'s weakest round for that model.</p>' : ''}${heatmap(lb, linked)}</section>
</div>
${linked ? VIEWER_SHELL : ''}
</main>
${script('questbench-data', lb)}
${data}
</body></html>
`;
}
