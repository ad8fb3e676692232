// The leaderboard table's sorting in the page: a click on a column's header or the "sort by" select
// orders the rows by that figure (scores highest first, money lost lowest first; rows without the
// figure last). The order is kept in the address bar (#board?sort=lost), so a sorted board can be shared.

const ORDER_ATTR = 'data-order';

function rowsOf(table: HTMLTableElement): HTMLTableRowElement[] {
  return [...table.tBodies[0]!.rows];
}

/** Orders the table's rows by `key`; an unknown key leaves them as they are. Returns whether it sorted. */
export function sortBoard(key: string): boolean {
  const table = document.getElementById('leaderboard') as HTMLTableElement | null;
  const th = table?.querySelector<HTMLTableCellElement>(`th[data-sort="${CSS.escape(key)}"]`);
  if (!table || !th) return false;
  const desc = th.getAttribute(ORDER_ATTR) !== 'asc';
  const value = (tr: HTMLTableRowElement) => {
    const raw = tr.dataset[`sort${key.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`] ?? '';
    return raw === '' ? null : Number(raw);
  };
  const rank = (tr: HTMLTableRowElement) => Number(tr.dataset.rank);
  const sorted = rowsOf(table).sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? rank(a) - rank(b) : x === null ? 1 : -1;
    return (desc ? y - x : x - y) || rank(a) - rank(b);
  });
  table.tBodies[0]!.append(...sorted);
  table.dataset.sorted = key;
  for (const h of table.querySelectorAll<HTMLTableCellElement>('th[data-sort]'))
    h.classList.toggle('sorted', h === th || (key === 'score' && h.dataset.sort === 'score'));
  const select = document.getElementById('lb-sort') as HTMLSelectElement | null;
  if (select && [...select.options].some((o) => o.value === key)) select.value = key;
  return true;
}

/** The board's sort in the address bar: "#board?sort=lost" (other views keep their own hash). */
export function sortFromHash(): string | undefined {
  const [view, query = ''] = location.hash.slice(1).split('?');
  if (view !== '' && view !== 'board') return undefined;
  return new URLSearchParams(query).get('sort') ?? undefined;
}

function choose(key: string): void {
  if (!sortBoard(key)) return;
  history.replaceState(null, '', key === 'score' ? '#board' : `#board?sort=${encodeURIComponent(key)}`);
}

/** Wires the headers and the select, and applies the sort the address bar names. */
export function initBoard(): void {
  const table = document.getElementById('leaderboard');
  if (!table) return;
  table.querySelector('thead')!.addEventListener('click', (e) => {
    const th = (e.target as HTMLElement).closest<HTMLTableCellElement>('th[data-sort]');
    if (th) choose(th.dataset.sort!);
  });
  document.getElementById('lb-sort')?.addEventListener('change', (e) => choose((e.target as HTMLSelectElement).value));
  const initial = sortFromHash();
  if (initial) sortBoard(initial);
}
