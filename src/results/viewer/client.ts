// The run page's script (bundled into the page by esbuild, no network): tabs, filters, a windowed
// instance list, and an instance's detail built only when it is opened. State lives in the URL hash,
// so the leaderboard's heat map and pattern bars link straight to instances and any view can be shared.
import type { Detail, Row, ViewerIndex } from './model.ts';
import { renderDetail, renderPair } from './render.ts';
import { esc } from './highlight.ts';
import { initBoard, sortBoard } from './board.ts';
import { usd } from '../money.ts';

const ROW_HEIGHT = 44;
const OVERSCAN = 10;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const json = <T>(id: string): T => JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;

const index = json<ViewerIndex>('qb-index');

/** A data block: plain JSON, or gzip + base64 inflated in the page (DecompressionStream, no request). */
async function unpack<T>(id: string): Promise<T> {
  const el = document.getElementById(id);
  const text = el?.textContent ?? 'null';
  if (el?.dataset.encoding !== 'gzip-base64') return JSON.parse(text) as T;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text()) as T;
}

const loaded = new Map<string, Promise<unknown>>();
const once = <T>(id: string) => {
  if (!loaded.has(id)) loaded.set(id, unpack<T>(id));
  return loaded.get(id) as Promise<T>;
};
/** A model's details, inflated and parsed the first time one of its instances is opened. */
const detailsOf = (m: number) => once<Detail[]>(`qb-detail-${m}`);
const sharedTexts = () => once<string[]>('qb-shared');

/** A row's name in the URL (open, cmp): "model|split/task/round". */
const keyFor = (name: string, row: Pick<Row, 'split' | 'task' | 'round'>) => `${name}|${row.split}/${row.task}/${row.round}`;
const rowKey = (r: Row) => keyFor(index.models[r.m]!.name, r);
const byKey = new Map(index.rows.map((r) => [rowKey(r), r]));

type Params = Record<string, string>;
const FILTERS = ['model', 'protocol', 'split', 'group', 'hazard', 'mech', 'outcome', 'below', 'lost', 'round', 'q', 'task'] as const;

function readHash(): { view: string; params: Params } {
  const [view = '', query = ''] = location.hash.slice(1).split(/\?(.*)/s);
  return { view: decodeURIComponent(view) || 'board', params: Object.fromEntries(new URLSearchParams(query)) };
}

function hashFor(view: string, params: Params): string {
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();
  return `#${view}${q ? `?${q}` : ''}`;
}

/** Filter edits replace the history entry; opening an instance adds one, so Back returns to the list. */
function go(params: Params, push = false): void {
  const h = hashFor('instances', params);
  if (push) location.hash = h;
  else {
    history.replaceState(null, '', h);
    route();
  }
}

let current: Params = {};
let filtered: Row[] = [];
let lastView = '';

function matches(r: Row, p: Params): boolean {
  if (p.model && index.models[r.m]!.name !== p.model) return false;
  if (p.protocol && index.models[r.m]!.protocol !== p.protocol) return false;
  if (p.split && r.split !== p.split) return false;
  if (p.group && r.group !== p.group) return false;
  if (p.hazard && r.hazard !== p.hazard) return false;
  if (p.mech && r.mech !== p.mech) return false;
  if (p.lost === '1' && r.lost === undefined) return false;
  if (p.outcome && r.outcome.split(':')[0] !== p.outcome) return false;
  if (p.below === '1' && r.score >= index.passLine) return false;
  if (p.round && String(r.round) !== p.round) return false;
  if (p.task && `${r.split}/${r.task}` !== p.task) return false;
  if (p.q && !r.task.toLowerCase().includes(p.q.toLowerCase())) return false;
  return true;
}

const options = (values: string[], selected: string | undefined, all: string) =>
  `<option value="">${esc(all)}</option>${values.map((v) => `<option value="${esc(v)}"${v === selected ? ' selected' : ''}>${esc(v)}</option>`).join('')}`;
const uniq = (xs: string[]) => [...new Set(xs)].sort();

function renderFilters(p: Params): void {
  $<HTMLSelectElement>('f-model').innerHTML = options(
    index.models.map((m) => m.name),
    p.model,
    'all models',
  );
  $<HTMLSelectElement>('f-protocol').innerHTML = options(uniq(index.models.map((m) => m.protocol)), p.protocol, 'all protocols');
  const splits = ['atomic', 'composite', 'hard'].filter((s) => s === p.split || index.rows.some((r) => r.split === s));
  $<HTMLSelectElement>('f-split').innerHTML = options(splits, p.split, splits.length === 2 ? 'both splits' : 'all splits');
  const hazards = uniq(index.rows.flatMap((r) => (r.hazard ? [r.hazard] : [])));
  const hazard = $<HTMLSelectElement>('f-hazard');
  hazard.hidden = hazards.length === 0;
  hazard.innerHTML = options(hazards, p.hazard, 'all hazards');
  const mechs = uniq(index.rows.flatMap((r) => (r.mech ? [r.mech] : [])));
  const mech = $<HTMLSelectElement>('f-mech');
  mech.hidden = mechs.length === 0;
  mech.innerHTML = options(mechs, p.mech, 'all mechanisms');
  const groups = uniq(index.rows.filter((r) => !p.split || r.split === p.split).map((r) => r.group));
  $<HTMLSelectElement>('f-group').innerHTML = options(
    groups,
    p.group,
    p.split === 'composite' ? 'all patterns' : p.split === 'atomic' ? 'all subcategories' : 'all subcategories / patterns',
  );
  $<HTMLSelectElement>('f-outcome').innerHTML = options(uniq(index.rows.map((r) => r.outcome.split(':')[0]!)), p.outcome, 'all outcomes');
  $<HTMLSelectElement>('f-round').innerHTML = options(uniq(index.rows.map((r) => String(r.round))), p.round, 'all rounds');
  $<HTMLInputElement>('f-below').checked = p.below === '1';
  $<HTMLInputElement>('f-lost').checked = p.lost === '1';
  const q = $<HTMLInputElement>('f-q');
  if (document.activeElement !== q) q.value = p.q ?? '';
  const chip = $('f-task');
  chip.hidden = !p.task;
  chip.innerHTML = p.task ? `task ${esc(p.task)} <button type="button" title="show every task">×</button>` : '';
}

function rowHtml(r: Row, open: string | undefined): string {
  const key = rowKey(r);
  const k = r.kAct !== undefined ? `<span class="k">K ${r.kAct}/${r.kOpt}</span>` : '<span class="k"></span>';
  return `<a class="row${key === open ? ' open' : ''} ${r.passed ? 'pass' : 'fail'}" href="${esc(hashFor('instances', { ...current, open: key }))}" data-key="${esc(key)}">
<span class="dot o-${esc(r.outcome.split(':')[0]!)}" title="${esc(r.outcome)}"></span><span class="t">${esc(r.task)}</span><span class="r">r${r.round}</span><span class="s">${Math.round(r.score * 10) / 10}</span><span class="o" title="${esc(r.outcome)}">${esc(r.outcome)}</span>${k}
<span class="m">${esc(index.models[r.m]!.name)}</span><span class="w" title="${esc(r.why ?? '')}">${r.lost !== undefined ? `<b class="lost" data-usd="${r.lost}">lost ${esc(usd(r.lost))}</b> ` : ''}${esc(r.why ?? '')}</span></a>`;
}

/** Only the rows in view (plus a margin) are in the DOM: a full run of several models is thousands of rows. */
function renderWindow(): void {
  const list = $('list');
  const first = Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + OVERSCAN);
  const rows = $('list-rows');
  rows.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
  rows.innerHTML = filtered
    .slice(first, last)
    .map((r) => rowHtml(r, current.open))
    .join('');
}

function renderList(p: Params): void {
  filtered = index.rows.filter((r) => matches(r, p));
  $('list-spacer').style.height = `${filtered.length * ROW_HEIGHT}px`;
  const failed = filtered.filter((r) => !r.passed).length;
  $('count').textContent = `${filtered.length} of ${index.rows.length} instances · ${failed} below the pass line`;
  renderWindow();
}

function compareOptions(row: Row, cmp: string | undefined): string {
  const others = index.models.filter((m, i) => i !== row.m && byKey.has(keyFor(m.name, row))).map((m) => m.name);
  if (!others.length) return '';
  return `<label class="cmp">compare with <select class="cmp">${options(others, cmp, '—')}</select></label>`;
}

async function shown(row: Row) {
  const details = await detailsOf(row.m);
  return { row, model: index.models[row.m]!.name, detail: details[row.d]! };
}

let paneRequest = 0;

async function renderDetailPane(p: Params): Promise<void> {
  const pane = $('detail');
  const viewer = $('viewer');
  const mine = ++paneRequest;
  const row = p.open ? byKey.get(p.open) : undefined;
  const other = row && p.cmp ? byKey.get(keyFor(p.cmp, row)) : undefined;
  viewer.classList.toggle('comparing', other !== undefined);
  if (!row) {
    pane.dataset.open = '';
    pane.innerHTML = p.open
      ? `<p class="muted">No instance ${esc(p.open)} in this page.</p>`
      : '<p class="muted">Pick an instance on the left to see its request, replies, logs, transaction and checks.</p>';
    return;
  }
  let html: string;
  try {
    const shared = await sharedTexts();
    if (other) {
      const [a, b] = await Promise.all([shown(row), shown(other)]);
      html = `<div class="compare-bar"><button type="button" id="close-compare">× close the comparison</button> ${esc(row.task)} · round ${row.round} · ${compareOptions(row, p.cmp)}</div>${renderPair(a, b, shared, index.labels)}`;
    } else {
      const a = await shown(row);
      html = renderDetail(row, a.model, a.detail, shared, index.labels).replace('</header>', `${compareOptions(row, undefined)}</header>`);
    }
  } catch (e) {
    html = `<p class="error">This page could not unpack the instance data (${esc(String(e))}); a browser with DecompressionStream is needed.</p>`;
  }
  // A later click wins over a slower earlier one.
  if (mine !== paneRequest) return;
  pane.innerHTML = html;
  pane.dataset.open = p.open ?? '';
  pane.scrollTop = 0;
}

function renderNotice(): void {
  const partial = index.models.filter((m) => m.withoutTranscript > 0);
  $('notice').hidden = !partial.length;
  $('notice').innerHTML = partial
    .map(
      (m) =>
        `<p><b>${esc(m.name)}</b>: only the summary JSON was available for ${m.withoutTranscript} of ${m.withTranscript + m.withoutTranscript} instances, so their prompts, replies, script logs and transactions are not shown${m.missing.length ? ` (not found: ${m.missing.map(esc).join(', ')})` : ''}. Checks, scores and composite round logs are.</p>`,
    )
    .join('');
}

function route(): void {
  const { view, params } = readHash();
  const instances = view === 'instances';
  // A heat-map cell is far down the board; the viewer starts at the top.
  if (lastView && lastView !== view) window.scrollTo(0, 0);
  lastView = view;
  $('board').hidden = instances;
  $('viewer').hidden = !instances;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('nav a'))
    a.classList.toggle('active', a.dataset.view === (instances ? 'instances' : 'board'));
  if (!instances) {
    if (params.sort) sortBoard(params.sort);
    return;
  }
  // A link to one task of one model (the heat map's) opens its weakest round at once.
  if (params.task && !params.open) {
    const hits = index.rows.filter((r) => matches(r, params)).sort((a, b) => a.score - b.score);
    if (hits[0]) params.open = rowKey(hits[0]);
  }
  const listChanged = FILTERS.some((f) => (current[f] ?? '') !== (params[f] ?? ''));
  const openChanged = current.open !== params.open || current.cmp !== params.cmp;
  current = params;
  renderFilters(params);
  if (listChanged || !filtered.length) renderList(params);
  else renderWindow();
  if (openChanged || listChanged || !$('detail').firstElementChild) void renderDetailPane(params);
}

function filterParams(): Params {
  const p: Params = { ...current };
  const val = (id: string) => $<HTMLInputElement | HTMLSelectElement>(id).value;
  p.model = val('f-model');
  p.protocol = val('f-protocol');
  p.split = val('f-split');
  p.group = val('f-group');
  p.hazard = val('f-hazard');
  p.mech = val('f-mech');
  p.outcome = val('f-outcome');
  p.round = val('f-round');
  p.below = $<HTMLInputElement>('f-below').checked ? '1' : '';
  p.lost = $<HTMLInputElement>('f-lost').checked ? '1' : '';
  p.q = val('f-q');
  if (p.split !== current.split && p.group && !index.rows.some((r) => r.split === p.split && r.group === p.group)) p.group = '';
  if (p.split && p.split !== 'hard') p.hazard = p.mech = '';
  return p;
}

function init(): void {
  renderNotice();
  initBoard();
  for (const id of ['f-model', 'f-protocol', 'f-split', 'f-group', 'f-hazard', 'f-mech', 'f-outcome', 'f-round', 'f-below', 'f-lost'])
    $(id).addEventListener('change', () => go(filterParams()));
  $('f-q').addEventListener('input', () => go(filterParams()));
  $('f-task').addEventListener('click', () => go({ ...current, task: '' }));
  $('f-reset').addEventListener('click', () => go({}));
  $('list').addEventListener('scroll', () => requestAnimationFrame(renderWindow), { passive: true });
  $('detail').addEventListener('change', (e) => {
    const t = e.target as HTMLSelectElement;
    if (t.classList.contains('cmp')) go({ ...current, cmp: t.value }, true);
  });
  $('detail').addEventListener('click', (e) => {
    if ((e.target as HTMLElement).id === 'close-compare') go({ ...current, cmp: '' }, true);
  });
  // Up/down walk the filtered list when no field has focus.
  document.addEventListener('keydown', (e) => {
    if (readHash().view !== 'instances' || (e.target as HTMLElement).closest('input,select,textarea')) return;
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'j' && e.key !== 'k') return;
    const at = filtered.findIndex((r) => rowKey(r) === current.open);
    const next = filtered[Math.min(filtered.length - 1, Math.max(0, at + (e.key === 'ArrowDown' || e.key === 'j' ? 1 : -1)))];
    if (!next) return;
    e.preventDefault();
    go({ ...current, open: rowKey(next) });
    const list = $('list');
    const y = filtered.indexOf(next) * ROW_HEIGHT;
    if (y < list.scrollTop || y > list.scrollTop + list.clientHeight - ROW_HEIGHT) list.scrollTop = y - list.clientHeight / 2;
  });
  window.addEventListener('hashchange', route);
  window.addEventListener('resize', () => renderWindow());
  route();
}

init();
