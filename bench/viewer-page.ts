// `npm run bench:viewer -- <run.json...>`: how large the run page gets and how fast Chromium loads,
// filters and opens it. Builds two pages: one from the given runs as they are, and one where every
// model's replies carry an LLM's prose as well (the built-in and fixture models answer with bare code,
// real models write around 1-2 kB per reply), each model's records cloned under three names when only
// one run is given. Needs Debian's chromium (or CHROMIUM_PATH).
import '../src/polyfills.ts';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { leaderboardHtml } from '../src/results/html.ts';
import { buildLeaderboard } from '../src/results/leaderboard.ts';
import { loadRun } from '../src/results/load.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { buildViewerData, type LoadedRun } from '../src/results/viewer/data.ts';

const WORDS = (
  'the a to of and for in is on with that this we it by as be from at token amount balance allowance router pair swap approve transfer ' +
  'wallet address contract call value gas fee quote output input slippage deadline minimum maximum decimals units wei BNB WBNB USDT BUSD CAKE ' +
  'first then next finally check read query confirm request user wants exactly send receive wrap unwrap stake harvest liquidity reserves path ' +
  'because so if not already enough need should will can must since after before current state result expected returned using encode function data'
).split(' ');

let seed = 1;
/** Deterministic pseudo-random prose: compresses about as well as a model's explanations do, unlike one repeated sentence. */
function prose(bytes: number): string {
  let out = '';
  while (out.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += WORDS[seed % WORDS.length]! + (seed % 11 === 0 ? '. ' : ' ');
  }
  return out;
}

/** A reply as a chatty model writes it: about 1.2 kB of explanation before the code and 0.4 kB after it. */
const chatty = (reply: string) => `${prose(1200)}\n\n${reply}\n\n${prose(400)}`;

function llmLike(rec: InstanceRecord, model: string): InstanceRecord {
  const t = rec.transcript;
  return {
    ...rec,
    model,
    transcript: {
      ...t,
      response: chatty(t.response),
      logs: `${t.logs}estimated gas 51234\nquote ok\n`,
      ...(t.rounds ? { rounds: t.rounds.map((r) => ({ ...r, reply: chatty(r.reply) })) } : {}),
    },
    ...(rec.composite ? { composite: { ...rec.composite, plan: chatty(rec.composite.plan) } } : {}),
  };
}

function page(runs: LoadedRun[], file: string): { bytes: number; parts: Record<string, number> } {
  const lb = buildLeaderboard(runs.map((r) => r.result));
  const data = buildViewerData(
    runs,
    lb.rows.map((r) => r.key),
  );
  writeFileSync(file, leaderboardHtml(lb, 'size check', data));
  const size = (x: unknown) => JSON.stringify(x).length;
  return {
    bytes: statSync(file).size,
    parts: {
      index: size(data.index),
      shared: size(data.shared),
      ...Object.fromEntries(data.details.map((d, i) => [`details ${data.index.models[i]!.name}`, size(d)])),
    },
  };
}

async function timings(file: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const t0 = Date.now();
    await p.goto(pathToFileURL(file).href);
    const wall = Date.now() - t0;
    // Page-side code as strings: this file is type-checked without the DOM library.
    const nav = await p.evaluate<{ domInteractive: number; domContentLoaded: number; load: number }>(
      "(() => { const n = performance.getEntriesByType('navigation')[0]; return { domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd }; })()",
    );
    // Each step is the synchronous work of the handler plus the layout it causes.
    const step = (code: string) =>
      p.evaluate<number>(
        `(() => { const t = performance.now(); ${code} void document.body.offsetHeight; return performance.now() - t; })()`,
      );
    const list = await step("location.hash = '#instances'; dispatchEvent(new HashChangeEvent('hashchange'));");
    const below = await step("const b = document.getElementById('f-below'); b.checked = true; b.dispatchEvent(new Event('change'));");
    const search = await step("const q = document.getElementById('f-q'); q.value = 'swap'; q.dispatchEvent(new Event('input'));");
    // Opening inflates the model's details on first use (asynchronously): wait until the pane shows the instance.
    const open = (nth: number) =>
      p.evaluate<number>(
        `(async () => { const t = performance.now(); const row = document.querySelectorAll('#list .row')[${nth}]; const key = row.dataset.key; row.click(); dispatchEvent(new HashChangeEvent('hashchange')); while (document.getElementById('detail').dataset.open !== key) await new Promise((r) => setTimeout(r, 0)); void document.body.offsetHeight; return performance.now() - t; })()`,
      );
    const open1 = await open(0);
    // The next instance of the same model: its details are already inflated.
    const sameModel = await p.evaluate<number>(
      "(() => { const rows = [...document.querySelectorAll('#list .row')]; const m = rows[0].dataset.key.split('|')[0]; return rows.findIndex((r, i) => i > 0 && r.dataset.key.startsWith(m + '|')); })()",
    );
    const open2 = await open(sameModel);
    const scroll = await step(
      "const l = document.getElementById('list'); l.scrollTop = l.scrollHeight / 2; l.dispatchEvent(new Event('scroll'));",
    );
    const rows = await p.evaluate<number>("document.querySelectorAll('#list .row').length");
    return { wall, ...nav, list, below, search, open1, open2, scroll, rowsInDom: rows };
  } finally {
    await browser.close();
  }
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: npm run bench:viewer -- <run.json...>');
  process.exit(1);
}
const real = files.map(loadRun);
const dir = mkdtempSync(join(tmpdir(), 'qb-viewer-bench-'));
const names = real.length > 1 ? real.map((r) => r.result.run.model) : ['model-a', 'model-b', 'model-c'];
const synthetic: LoadedRun[] = names.map((name, i) => {
  const src = real[Math.min(i, real.length - 1)]!;
  const records = (src.records ?? []).map((r) => llmLike(r, name));
  return { ...src, records, result: { ...src.result, run: { ...src.result.run, model: name } } };
});
for (const [label, runs] of [
  ['as recorded', real],
  ['with LLM-sized replies', synthetic],
] as const) {
  const file = join(dir, `${label.replace(/\W+/g, '-')}.html`);
  const { bytes, parts } = page(runs, file);
  const n = runs.reduce((s, r) => s + r.result.instances.length, 0);
  console.log(`\n${label}: ${runs.length} model(s), ${n} instances → ${(bytes / 1e6).toFixed(1)} MB (${file})`);
  for (const [k, v] of Object.entries(parts)) console.log(`  ${k.padEnd(48)} ${(v / 1e6).toFixed(2)} MB`);
  const t = await timings(file);
  console.log(
    `  Chromium: goto ${t.wall} ms · domInteractive ${t.domInteractive.toFixed(0)} ms · DOMContentLoaded ${t.domContentLoaded.toFixed(0)} ms · load ${t.load.toFixed(0)} ms`,
  );
  console.log(
    `  list ${t.list.toFixed(1)} ms · filter below-pass ${t.below.toFixed(1)} ms · search ${t.search.toFixed(1)} ms · first open ${t.open1.toFixed(1)} ms · next open ${t.open2.toFixed(1)} ms · scroll ${t.scroll.toFixed(1)} ms · ${t.rowsInDom} rows in the DOM`,
  );
}
