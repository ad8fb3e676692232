import { f, formatCi, type Leaderboard } from './leaderboard.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

function table(lb: Leaderboard): string {
  const rows = lb.rows
    .map(
      (r) => `<tr data-model="${esc(r.model)}">
  <td data-field="rank">${r.rank}</td><td data-field="model">${esc(r.model)}${r.answers.replayed ? ` <abbr class="replayed" title="${r.answers.replayed} of ${r.answers.live + r.answers.replayed} answers replayed from the response cache">replays</abbr>` : ''}</td>
  <td data-field="atomic">${f(r.atomicAvg)}</td><td data-field="composite">${f(r.compositeAvg)}</td><td data-field="total">${f(r.totalAvg)}</td>
  <td data-field="sd">${f(r.sd)}</td><td data-field="cv">${f(r.cvPercent, 2)}</td><td data-field="ci">${formatCi(r)}</td>
  <td data-field="passes">${r.passes.atomic}/${r.passes.instancesAtomic} · ${r.passes.composite}/${r.passes.instancesComposite}</td>
  <td data-field="quadrant">${esc(r.quadrant ?? '')}</td></tr>`,
    )
    .join('\n');
  const max = lb.rows[0] ? `${lb.rows[0].atomicMax} / ${lb.rows[0].compositeMax} / ${lb.rows[0].atomicMax + lb.rows[0].compositeMax}` : '';
  return `<table id="leaderboard"><thead><tr><th>Rank</th><th>Model</th><th>Atomic</th><th>Composite</th><th>Total</th><th>SD</th><th>CV %</th><th>95% CI (total)</th><th>Passes A · C</th><th>Quadrant</th></tr></thead>
<tbody>${rows}</tbody></table><p class="note">Maximum per round: ${max}. Means over rounds; CI from Student-t with df = rounds − 1.</p>`;
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
      const left = px > W - 120;
      return `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="6" fill="${PALETTE[i % PALETTE.length]}" data-model="${esc(r.model)}"><title>${esc(r.model)}</title></circle><text x="${(left ? px - 8 : px + 8).toFixed(1)}" y="${(py - 8).toFixed(1)}" font-size="11" text-anchor="${left ? 'end' : 'start'}">${esc(r.model)}</text>`;
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

function patternBars(lb: Leaderboard): string {
  const patterns = [...new Set(lb.rows.flatMap((r) => Object.keys(r.byPattern)))].sort();
  if (!patterns.length) return '<p>No composite tasks in these runs.</p>';
  const rows = patterns
    .map((p) => {
      const bars = lb.rows
        .map((r, i) => {
          const c = r.byPattern[p];
          const rate = c && c.instances ? c.passed / c.instances : 0;
          return `<div class="bar" title="${esc(r.model)}: ${c?.passed ?? 0}/${c?.instances ?? 0}" data-model="${esc(r.model)}" data-pattern="${esc(p)}" data-rate="${rate.toFixed(4)}"><span style="width:${(rate * 100).toFixed(1)}%;background:${PALETTE[i % PALETTE.length]}"></span></div>`;
        })
        .join('');
      return `<tr><th>${esc(p)}</th><td>${bars}</td></tr>`;
    })
    .join('');
  const legend = lb.rows.map((r, i) => `<span class="key"><i style="background:${PALETTE[i % PALETTE.length]}"></i>${esc(r.model)}</span>`).join(' ');
  return `<p class="legend">${legend}</p><table id="patterns">${rows}</table>`;
}

function heatmap(lb: Leaderboard): string {
  const head = lb.rows.map((r) => `<th class="rot"><div>${esc(r.model)}</div></th>`).join('');
  const body = lb.tasks
    .map((t) => {
      const cells = lb.rows
        .map((r) => {
          const v = r.byTask[t];
          if (v === undefined) return '<td class="na">–</td>';
          const hue = Math.round((v / 100) * 120);
          return `<td style="background:hsl(${hue},70%,80%)" data-task="${esc(t)}" data-model="${esc(r.model)}" data-score="${f(v)}">${Math.round(v)}</td>`;
        })
        .join('');
      return `<tr><th>${esc(t)}</th>${cells}</tr>`;
    })
    .join('\n');
  return `<table id="heatmap"><thead><tr><th>Task</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** One self-contained page (no network): leaderboard, scatter, per-pattern pass bars, task × model heat map. */
export function leaderboardHtml(lb: Leaderboard, title = 'evm-questbench leaderboard'): string {
  const data = JSON.stringify(lb).replace(/</g, '\\u003c');
  const stability = lb.rankStability ? `Spearman ρ between rounds over model ranks: mean ${f(lb.rankStability.mean, 3)} (min ${f(lb.rankStability.min, 3)}, max ${f(lb.rankStability.max, 3)}).` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#0f172a}
table{border-collapse:collapse;margin:8px 0}td,th{padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left}
#leaderboard td:nth-child(n+3){text-align:right}.note{color:#64748b;font-size:12px}
.legend .key{margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.bar{width:220px;height:12px;background:#f1f5f9;margin:2px 0}.bar span{display:block;height:100%}
#heatmap td{text-align:center;font-size:11px;min-width:34px}#heatmap th{font-size:11px;font-weight:normal}
.rot div{writing-mode:vertical-rl;transform:rotate(180deg)}.na{color:#94a3b8}
section{margin-bottom:28px}h2{font-size:16px}
</style></head><body>
<h1>${esc(title)}</h1>
<section><h2>Leaderboard</h2>${table(lb)}<p class="note">${esc(stability)}</p></section>
<section><h2>Atomic vs composite</h2>${scatter(lb)}<p class="note">Dashed lines: medians (quadrant boundaries).</p></section>
<section><h2>Pass rate per composite pattern</h2>${patternBars(lb)}</section>
<section><h2>Mean score per task and model</h2>${heatmap(lb)}</section>
<script type="application/json" id="questbench-data">${data}</script>
</body></html>
`;
}
