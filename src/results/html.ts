import { gzipSync } from 'node:zlib';
import { f, type Leaderboard, type ModelRow } from './leaderboard.ts';
import { columnsFor, SORT_WORDS, type Column } from './leaderboard-table.ts';
import { color, costTable, hazardTable, heatmap, instancesHref, mechanismTable, patternTable, scatter } from './html-sections.ts';
import { esc } from './viewer/highlight.ts';
import { boardScript, clientScript } from './viewer/bundle.ts';
import type { ViewerData } from './viewer/data.ts';
import { PAGE_CSS } from './viewer/style.ts';

/** The page's own cells beside the shared columns: step efficiency, tokens and their price. */
const PAGE_COLUMNS: Column[] = [
  {
    field: 'steps',
    head: 'Steps K_act / K_opt · eff.',
    title: 'composite: mean K_act / K_opt · mean decay',
    text: (r) => (r.steps ? `${f(r.steps.meanKAct, 2)} / ${f(r.steps.meanKOpt, 2)} · ${f(r.steps.efficiency, 3)}` : '–'),
  },
  {
    field: 'tokens',
    head: 'Tokens in / out',
    title: 'tokens paid in the runs',
    text: (r) => (r.tokens ? `${r.tokens.input.toLocaleString('en-US')} / ${r.tokens.output.toLocaleString('en-US')}` : '–'),
  },
  {
    field: 'cost',
    head: 'API cost',
    title: 'what the tokens cost at the given prices',
    text: (r) => (r.tokens?.cost !== null && r.tokens?.cost !== undefined ? `$${r.tokens.cost.toFixed(r.tokens.cost < 1 ? 4 : 2)}` : '–'),
  },
];

/** Every sortable figure of a row, for the page's script to order rows by (a click on a header, or the select). */
function sortData(r: ModelRow, columns: readonly Column[]): string {
  return columns
    .filter((c) => c.sort)
    .map((c) => {
      const v = c.sort!.value(r);
      return ` data-sort-${c.sort!.key}="${typeof v === 'number' && Number.isFinite(v) ? v : ''}"`;
    })
    .join('');
}

function table(lb: Leaderboard, linked: boolean): string {
  const columns = [...columnsFor(lb), ...PAGE_COLUMNS];
  // A Chain column once a row is not BSC's.
  const chains = lb.rows.some((r) => r.chain !== 'bsc');
  const rows = lb.rows
    .map((r) => {
      const i = lb.rows.indexOf(r);
      const name = `<i class="swatch" style="background:${color(i)}"></i>${linked ? `<a href="${instancesHref({ model: r.key })}">${esc(r.key)}</a>` : esc(r.key)}`;
      const replays = r.answers.replayed
        ? ` <abbr class="replayed" title="${r.answers.replayed} of ${r.answers.live + r.answers.replayed} answers replayed from the response cache">replays</abbr>`
        : '';
      const cells = columns.map((c) => `<td data-field="${c.field}">${esc((c.html ?? c.text)(r))}</td>`).join('');
      return `<tr data-model="${esc(r.key)}" data-rank="${r.rank}"${sortData(r, columns)}>
  <td data-field="rank">${r.rank}</td><td data-field="model">${name}${replays}</td><td data-field="protocol">${esc(r.protocol)}</td>${chains ? `<td data-field="chain">${esc(r.chain)}</td>` : ''}${cells}<td data-field="quadrant">${esc(r.quadrant ?? '')}</td></tr>`;
    })
    .join('\n');
  const th = (c: Column) =>
    c.sort
      ? `<th data-sort="${c.sort.key}" data-order="${c.sort.order}" title="${esc(`${c.title} · click to sort`)}" class="sortable${lb.sortedBy === c.sort.key ? ' sorted' : ''}">${esc(c.head)}</th>`
      : `<th title="${esc(c.title)}">${esc(c.head)}</th>`;
  const first = lb.rows[0];
  const max = first
    ? `${first.atomicMax} / ${first.compositeMax} / ${first.atomicMax + first.compositeMax}${lb.rows.some((r) => r.hard) ? ` · hard ${lb.rows.find((r) => r.hard)!.hard!.max}` : ''}`
    : '';
  const keys = columns.filter((c) => c.sort).map((c) => c.sort!.key);
  const select = `<label class="sort">sort by <select id="lb-sort">${keys.map((k) => `<option value="${k}"${k === lb.sortedBy ? ' selected' : ''}>${esc(SORT_WORDS[k])}</option>`).join('')}</select></label>`;
  return `${select}<div class="table-scroll"><table id="leaderboard" data-sorted="${lb.sortedBy}"><thead><tr><th data-sort="score" data-order="desc" class="sortable" title="rank by mean total score · click to sort">Rank</th><th>Model</th><th title="text: the paper's fenced code and JSON; tools: native tool calls; agent: a wallet agent">Protocol</th>${chains ? '<th title="the chain profile the runs played on (QUEST_CHAIN)">Chain</th>' : ''}${columns.map(th).join('')}<th>Quadrant</th></tr></thead>
<tbody>${rows}</tbody></table></div><p class="note">Maximum per round: ${max}. Means over rounds; CI from Student-t with df = rounds − 1. A row is a model under one protocol. $ lost and exposure are per 100 requests over every split; lost money is the share of instances that lost more than one cent. Tokens are those paid in the run (replayed answers cost none); API cost needs a price (QUEST_PRICES at run time, or --prices).</p>`;
}

const VIEWER_SHELL = `<section id="viewer" hidden>
<div id="notice" class="notice" hidden></div>
<div class="filters">
<select id="f-model" aria-label="model"></select><select id="f-protocol" aria-label="protocol"></select><select id="f-split" aria-label="split"></select><select id="f-group" aria-label="subcategory or pattern"></select><select id="f-hazard" aria-label="hazard"></select><select id="f-mech" aria-label="mechanism"></select><select id="f-outcome" aria-label="outcome"></select><select id="f-round" aria-label="round"></select>
<label><input type="checkbox" id="f-below"> below the pass line</label><label><input type="checkbox" id="f-lost"> lost money</label>
<input id="f-q" type="search" placeholder="search task id" aria-label="search task id">
<span id="f-task" class="chip" hidden></span><button type="button" id="f-reset">reset</button><span id="count" class="muted"></span>
</div>
<div class="viewer-body"><div id="list" role="list"><div id="list-spacer"></div><div id="list-rows"></div></div><div id="detail"></div></div>
</section>`;

const script = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
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
/** The models that ran on several chains: score per chain over the tasks they share, and the widest family gaps. */
function chainSection(lb: Leaderboard): string {
  if (!lb.chainGaps.length) return '';
  const chains = [...new Set(lb.chainGaps.flatMap((g) => g.chains.map((c) => c.chain)))];
  const rows = lb.chainGaps
    .map((g) => {
      const score = (c: string) => {
        const x = g.chains.find((y) => y.chain === c);
        return `<td>${x ? f(x.meanScore) : '–'}</td>`;
      };
      const widest = g.families
        .filter((x) => x.gap > 0)
        .slice(0, 3)
        .map(
          (x) =>
            `${esc(x.family)} (${Object.entries(x.byChain)
              .map(([c, v]) => `${esc(c)} ${f(v)}`)
              .join(' / ')})`,
        )
        .join('; ');
      return `<tr><td>${esc(g.model)}</td>${chains.map(score).join('')}<td>${g.sharedTasks}</td><td>${widest || 'none'}</td></tr>`;
    })
    .join('');
  return `<section id="chains"><h2>Per chain</h2><div class="table-scroll"><table><thead><tr><th>Model</th>${chains.map((c) => `<th>${esc(c)}</th>`).join('')}<th>shared tasks</th><th>families that differ most</th></tr></thead><tbody>${rows}</tbody></table></div><p class="note">Mean score per instance over the tasks every chain of the model ran; a family is a subcategory or a composite pattern.</p></section>`;
}

export function leaderboardHtml(lb: Leaderboard, title = 'evm-questbench leaderboard', viewer?: ViewerData): string {
  const linked = viewer !== undefined;
  const stability = lb.rankStability
    ? `Spearman ρ between rounds over model ranks: mean ${f(lb.rankStability.mean, 3)} (min ${f(lb.rankStability.min, 3)}, max ${f(lb.rankStability.max, 3)}).`
    : '';
  const nav = linked
    ? `<nav><a href="#board" data-view="board" class="active">Leaderboard</a><a href="#instances" data-view="instances">Instances (${viewer.index.rows.length})</a></nav>`
    : '';
  // The viewer's script sorts the board too; a page without the viewer gets the sorting alone.
  const data = linked
    ? [
        script('qb-index', viewer.index),
        packed('qb-shared', viewer.shared),
        ...viewer.details.map((d, i) => packed(`qb-detail-${i}`, d)),
        `<script>${clientScript()}</script>`,
      ].join('\n')
    : `<script>${boardScript()}</script>`;
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
${chainSection(lb)}
${hazardTable(lb, linked)}
${mechanismTable(lb, linked)}
${costTable(lb, linked)}
<section><h2>Mean score per task and model</h2>${linked ? '<p class="note">Click a score to open that task\'s weakest round for that model.</p>' : ''}${heatmap(lb, linked)}</section>
</div>
${linked ? VIEWER_SHELL : ''}
</main>
${script('questbench-data', lb)}
${data}
</body></html>
`;
}
