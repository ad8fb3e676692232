// Why did a model fail? Real runs of three models (reference, null, and a module model with mixed
// results on both splits) become one page, and headless Chromium answers it the way a person would:
// from the heat map or the filters to one instance, its reply, its failed checks, its rounds and their
// feedback, two models side by side; all without a single network request.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InstanceRecord, RunResult } from '../../src/results/record.ts';
import { readJsonl } from '../../src/results/writer.ts';
import { CLI, latestRunFile, ROOT, runNode, runVitest } from '../helpers/runs.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = resolve('results', 'screenshots');
const SUBSET =
  '^(bnb_transfer_basic|erc20_approve|query_bnb_balance|wbnb_deposit|erc20_transfer_fixed|swap_exact_bnb_for_tokens|composite_wrap_unwrap_cycle|composite_swap_unwrap_bnb|composite_approve_swap_to_bnb) ·';
const MIXED = 'module:test/fixtures/mixed-solver.mjs';
const MODELS = [
  ['reference', 'reference'],
  ['null', 'null'],
  [MIXED, 'module-test-fixtures-mixed-solver.mjs'],
] as const;

const dir = mkdtempSync(join(tmpdir(), 'qb-viewer-'));
const pages = { board: join(dir, 'board.html'), report: join(dir, 'report.html'), summary: join(dir, 'summary.html') };
const runs: Record<string, { json: string; result: RunResult; records: InstanceRecord[] }> = {};
let browser: Browser;

beforeAll(async () => {
  expect(
    existsSync(CHROMIUM),
    `Chromium not found at ${CHROMIUM}: install the Debian package "chromium" (.ci/run does) or set CHROMIUM_PATH`,
  ).toBe(true);
  for (const [model, slug] of MODELS) {
    const r = runVitest(['run', '--project', 'atomic', '--project', 'composite', '-t', SUBSET], {
      QUEST_MODEL: model,
      QUEST_RESULTS_DIR: join(dir, 'results'),
      QUEST_FAIL_ON: 'infra',
    });
    expect(r.status, r.out).toBe(0);
    const json = latestRunFile(join(dir, 'results'), slug);
    runs[model] = {
      json,
      result: JSON.parse(readFileSync(json, 'utf8')) as RunResult,
      records: readJsonl(json.replace(/\.json$/, '.jsonl')),
    };
  }
  const board = runNode([CLI, 'leaderboard', ...MODELS.map(([m]) => runs[m]!.json), '--html', pages.board]);
  expect(board.status, board.out).toBe(0);
  expect(runNode([CLI, 'report', runs[MIXED]!.json, '--html', pages.report]).status).toBe(0);
  // The same run with its JSON alone (the JSONL left behind).
  mkdirSync(join(dir, 'alone'));
  copyFileSync(runs[MIXED]!.json, join(dir, 'alone', 'run.json'));
  expect(runNode([CLI, 'report', join(dir, 'alone', 'run.json'), '--html', pages.summary]).status).toBe(0);
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

const seen = new WeakMap<Page, { requests: string[]; errors: string[] }>();

/** A page on one of the files; `done` closes it and fails the test on any request but the file, or any script error. */
async function open(file: string, hash = '', viewport = { width: 1400, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const log = { requests: [] as string[], errors: [] as string[] };
  seen.set(page, log);
  page.on('request', (r) => log.requests.push(r.url()));
  page.on('pageerror', (e) => log.errors.push(e.message));
  await page.goto(pathToFileURL(file).href + hash);
  return page;
}

async function done(page: Page): Promise<void> {
  const log = seen.get(page)!;
  await page.close();
  expect(
    log.requests.filter((u) => !u.startsWith('file:')),
    'network requests',
  ).toEqual([]);
  expect(log.errors, 'page errors').toEqual([]);
}

const record = (model: string, taskId: string, round = 1) => runs[model]!.records.find((r) => r.taskId === taskId && r.round === round)!;
const instances = () => MODELS.flatMap(([m]) => runs[m]!.result.instances.map((i) => ({ ...i, model: m })));
const keyOf = (i: { model: string; split: string; taskId: string; round: number }) => `${i.model}|${i.split}/${i.taskId}/${i.round}`;
const failedChecks = (r: InstanceRecord) => r.checks.filter((c) => !c.passed).map((c) => c.name);
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name) });
const listed = (page: Page) =>
  page.$$eval('#list .row', (rows) =>
    rows.map((r) => ({ key: r.getAttribute('data-key'), fail: r.classList.contains('fail'), text: r.textContent ?? '' })),
  );

test('from a heat-map cell to a failed atomic instance: the reply, the failed checks, the transaction', { timeout: 120_000 }, async () => {
  const page = await open(pages.board);
  try {
    const rec = record(MIXED, 'erc20_transfer_fixed');
    expect(rec.passed).toBe(false);
    await page.click(`#heatmap td[data-model="${MIXED}"][data-task="atomic/erc20_transfer_fixed"] a`);
    const inst = page.locator('#detail .inst');
    await expect.poll(() => inst.getAttribute('data-task')).toBe('erc20_transfer_fixed');
    expect(await inst.getAttribute('data-model')).toBe(MIXED);
    expect(await page.isVisible('#viewer')).toBe(true);
    expect(await page.isVisible('#board')).toBe(false);
    // The model's reply, as recorded in the JSONL, is on screen.
    const code = /```typescript\n([\s\S]*?)\n```/.exec(rec.transcript.response)![1]!;
    expect(await inst.locator('.reply pre.code').innerText()).toBe(code);
    // Every failed check by name, marked failed, with its weight and detail.
    const failed = failedChecks(rec);
    expect(failed.length).toBeGreaterThan(0);
    for (const name of failed) {
      const row = inst.locator(`tr.check.fail[data-check="${name}"]`);
      expect(await row.isVisible(), name).toBe(true);
      const c = rec.checks.find((x) => x.name === name)!;
      expect(await row.locator('.weight').innerText()).toBe(String(c.weight));
      expect(await row.locator('.detail').innerText()).toContain(c.detail.slice(0, 30));
    }
    expect(await inst.locator('.score').innerText()).toBe('0/100');
    // The no-op went to the wallet itself: the page says so.
    expect(await inst.locator('.tx').innerText()).toContain('(the wallet)');
    await shot(page, 'viewer-atomic-failed.png');
    // Back returns to the leaderboard.
    await page.goBack();
    await expect.poll(() => page.isVisible('#board')).toBe(true);
  } finally {
    await done(page);
  }
});

test('filter to failed instances, open a failed composite episode: its rounds in order with the harness feedback', {
  timeout: 120_000,
}, async () => {
  const page = await open(pages.board, '#instances', { width: 1400, height: 1150 });
  try {
    // Every model's failures, one of them open.
    await page.check('#f-below');
    await expect.poll(async () => (await listed(page)).length).toBe(instances().filter((i) => i.score < 60).length);
    await page.click(`#list .row[data-key="${MIXED}|atomic/erc20_transfer_fixed/1"]`);
    await expect.poll(() => page.locator('#detail .inst').getAttribute('data-task')).toBe('erc20_transfer_fixed');
    await shot(page, 'viewer-failures.png');

    await page.selectOption('#f-model', MIXED);
    const failedCount = runs[MIXED]!.result.instances.filter((i) => i.score < 60).length;
    await expect.poll(async () => (await listed(page)).length).toBe(failedCount);
    expect((await listed(page)).every((r) => r.fail)).toBe(true);
    expect(await page.innerText('#count')).toContain(`${failedCount} of ${instances().length} instances`);

    await page.selectOption('#f-split', 'composite');
    const rec = record(MIXED, 'composite_wrap_unwrap_cycle');
    expect(rec.passed).toBe(false);
    await page.click(`#list .row[data-key="${MIXED}|composite/composite_wrap_unwrap_cycle/1"]`);
    const inst = page.locator('#detail .inst');
    await expect.poll(() => inst.getAttribute('data-task')).toBe('composite_wrap_unwrap_cycle');
    const rounds = inst.locator('.part.round:not(.final)');
    expect(await rounds.count()).toBe(rec.composite!.rounds.length);
    for (const [i, turn] of rec.transcript.rounds!.entries()) {
      if (i >= rec.composite!.rounds.length) break;
      const li = rounds.nth(i);
      expect(await li.locator('h5').first().innerText()).toBe(`Round ${i + 1} · ${rec.composite!.rounds[i]!.kind}`);
      expect(await li.locator('pre.feedback').innerText()).toContain(turn.feedback!.split('\n')[0]!.slice(0, 60));
      expect(await li.locator('.reply pre.code').innerText()).toBe(/```\w*\n([\s\S]*?)\n```/.exec(turn.reply)![1]);
    }
    // The reply that ended the episode, the step count and the decay, the failed end-state checks.
    expect(await inst.locator('.part.round.final .reply').innerText()).toContain('submit');
    expect(await inst.locator('.steps').innerText()).toContain(`K_act ${rec.composite!.kAct} / K_opt ${rec.composite!.kOpt}`);
    for (const name of failedChecks(rec)) expect(await inst.locator(`tr.check.fail[data-check="${name}"]`).isVisible(), name).toBe(true);
    // Scroll the steps line up to just under the (sticky) verdict, so the rounds are on screen too.
    await page.$eval('#detail', (d) =>
      d.scrollBy(
        0,
        d.querySelector('[data-part="steps"]').getBoundingClientRect().top -
          d.querySelector('header.part').getBoundingClientRect().bottom -
          6,
      ),
    );
    await shot(page, 'viewer-composite-failed.png');
  } finally {
    await done(page);
  }
});

test('filters: outcome, subcategory, search by task id; a pattern bar opens its instances', { timeout: 120_000 }, async () => {
  const page = await open(pages.board, '#instances');
  try {
    const sorted = (xs: string[]) => [...xs].sort();
    const expectRows = async (want: (i: ReturnType<typeof instances>[number]) => boolean) => {
      const keys = sorted(instances().filter(want).map(keyOf));
      expect(keys.length).toBeGreaterThan(0);
      await expect.poll(async () => sorted((await listed(page)).map((r) => r.key))).toEqual(keys);
    };
    await page.fill('#f-q', 'UNWRAP');
    await expectRows((i) => i.taskId.includes('unwrap'));
    await page.fill('#f-q', '');
    await page.selectOption('#f-outcome', 'schema_invalid');
    await expectRows((i) => i.outcome === 'schema_invalid');
    await page.selectOption('#f-outcome', '');
    await page.selectOption('#f-split', 'atomic');
    await page.selectOption('#f-group', 'erc20_operations');
    await expectRows((i) => i.split === 'atomic' && i.subcategory === 'erc20_operations');

    await page.goto(pathToFileURL(pages.board).href);
    await page.click(`#patterns a.bar[data-model="${MIXED}"][data-pattern="swap-unwrap"]`);
    await expect.poll(async () => (await listed(page)).map((r) => r.key)).toEqual([`${MIXED}|composite/composite_swap_unwrap_bnb/1`]);
    expect(await page.inputValue('#f-group')).toBe('swap-unwrap');
  } finally {
    await done(page);
  }
});

test('two models side by side on one task, each with its rounds and decoded transactions', { timeout: 120_000 }, async () => {
  const key = encodeURIComponent(`${MIXED}|composite/composite_swap_unwrap_bnb/1`);
  const page = await open(pages.board, `#instances?open=${key}`, { width: 1600, height: 1250 });
  try {
    await page.selectOption('#detail select.cmp', 'reference');
    const sides = page.locator('#detail .compare > .inst');
    await expect.poll(() => sides.count()).toBe(2);
    expect(await sides.nth(0).getAttribute('data-model')).toBe(MIXED);
    expect(await sides.nth(1).getAttribute('data-model')).toBe('reference');
    const [a, b] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width * 0.9);
    expect(Math.abs(b!.y - a!.y)).toBeLessThan(5);
    const mixed = record(MIXED, 'composite_swap_unwrap_bnb');
    const ref = record('reference', 'composite_swap_unwrap_bnb');
    expect(await sides.nth(0).locator('.score').innerText()).toBe(`${mixed.score}/100`);
    expect(await sides.nth(1).locator('.score').innerText()).toBe(`${ref.score}/100`);
    expect(await sides.nth(0).locator('.part.round:not(.final)').count()).toBe(mixed.composite!.kAct);
    expect(await sides.nth(1).locator('.part.round:not(.final)').count()).toBe(ref.composite!.kAct);
    // The swap is decoded from the router's ABI on both sides.
    for (const side of [sides.nth(0), sides.nth(1)])
      expect(await side.locator('.call .fn').allInnerTexts()).toContain('swapExactTokensForTokens');
    // Parts line up: round 2 starts at the same height on both sides.
    const r2 = [
      await sides.nth(0).locator('[data-part="round-2"]').boundingBox(),
      await sides.nth(1).locator('[data-part="round-2"]').boundingBox(),
    ];
    expect(Math.abs(r2[0]!.y - r2[1]!.y)).toBeLessThan(2);
    expect(await page.isVisible('#list')).toBe(false);
    await shot(page, 'viewer-compare.png');
    await page.click('#close-compare');
    await expect.poll(() => sides.count()).toBe(0);
    expect(await page.isVisible('#list')).toBe(true);
  } finally {
    await done(page);
  }
});

test('the leaderboard uses the width and shows mean score and efficiency per pattern, tokens and cost per model', {
  timeout: 120_000,
}, async () => {
  const page = await open(pages.board, '', { width: 1600, height: 1000 });
  try {
    const width = await page.$eval('#leaderboard', (t) => t.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(1400);
    const bar = page.locator(`#patterns a.bar[data-model="${MIXED}"][data-pattern="swap-unwrap"]`);
    // A pass with a decayed score: the rate is 100 %, the mean score and the efficiency are not.
    expect(await bar.getAttribute('data-rate')).toBe('1.0000');
    expect(Number(await bar.getAttribute('data-mean'))).toBeCloseTo(record(MIXED, 'composite_swap_unwrap_bnb').score, 0);
    expect(Number(await bar.getAttribute('data-efficiency'))).toBeCloseTo(record(MIXED, 'composite_swap_unwrap_bnb').composite!.decay, 3);
    expect(await page.locator(`#patterns td:has(a.bar[data-model="${MIXED}"][data-pattern="swap-unwrap"]) .pm`).innerText()).toMatch(
      /pass 1\/1 · mean 66\.7 · eff 0\.67/,
    );
    expect(await page.$$eval('#leaderboard thead th', (ths) => ths.map((t) => t.textContent))).toEqual(
      expect.arrayContaining(['Tokens in / out', 'API cost']),
    );
    expect(await page.$$eval('#leaderboard td[data-field="tokens"]', (tds) => tds.map((t) => t.textContent))).toEqual(['–', '–', '–']);
    await page.screenshot({ path: join(SHOTS, 'board.png'), fullPage: true });
  } finally {
    await done(page);
  }
});

test('one run alone (`questbench report`), and a run whose JSONL is missing says so', { timeout: 120_000 }, async () => {
  const report = await open(pages.report, '#instances');
  try {
    await expect.poll(async () => (await listed(report)).length).toBe(runs[MIXED]!.result.instances.length);
    expect(await report.isVisible('#notice')).toBe(false);
  } finally {
    await done(report);
  }
  const page = await open(pages.summary, `#instances?open=${encodeURIComponent(`${MIXED}|atomic/erc20_transfer_fixed/1`)}`);
  try {
    expect(await page.innerText('#notice')).toContain('only the summary JSON was available');
    const inst = page.locator('#detail .inst');
    expect(await inst.locator('.notice').innerText()).toContain('Only the summary JSON was available');
    expect(await inst.locator('.request').innerText()).toBe(record(MIXED, 'erc20_transfer_fixed').instruction);
    for (const name of failedChecks(record(MIXED, 'erc20_transfer_fixed')))
      expect(await inst.locator(`tr.check.fail[data-check="${name}"]`).isVisible()).toBe(true);
    expect(await inst.locator('.reply').count()).toBe(0);
  } finally {
    await done(page);
  }
});

test("Vitest's html reporter shows each task's verdict, check table and transcript", { timeout: 300_000 }, async () => {
  // A config of its own so the report goes to a temp folder; the tasks, plugin and model are this checkout's.
  const out = join(dir, 'vitest-html');
  const config = join(dir, 'vitest.html.config.ts');
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    config,
    `import ${JSON.stringify(join(ROOT, 'src/polyfills.ts'))};
import { defineConfig } from 'vitest/config';
import { questbench } from ${JSON.stringify(join(ROOT, 'src/plugin/index.ts'))};
export default defineConfig({
  root: ${JSON.stringify(ROOT)},
  test: {
    reporters: [['html', { outputDir: ${JSON.stringify(out)}, singleFile: true }]],
    attachmentsDir: ${JSON.stringify(join(dir, 'attachments'))},
    projects: [{ plugins: [questbench()], test: { name: 'composite', include: ['tasks/composite/**/*.json'] } }],
  },
});
`,
  );
  const r = runVitest(['run', '--config', config, '-t', '^composite_swap_unwrap_bnb ·'], {
    QUEST_MODEL: MIXED,
    QUEST_RESULTS_DIR: join(dir, 'html-results'),
    QUEST_FAIL_ON: 'infra',
  });
  expect(r.status, r.out).toBe(0);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await page.getByPlaceholder(/Search/).fill('composite_swap_unwrap_bnb');
    await page.getByText('composite_swap_unwrap_bnb · round 1').first().click();
    const notes = page.locator('[role=note]');
    await expect.poll(() => notes.count()).toBe(3);
    const texts = await notes.allInnerTexts();
    expect(texts[0]).toMatch(/questbench[\s\S]*Download[\s\S]*score 66\.67\/100 · partial · K_act 3\/2/);
    expect(texts[1]).toMatch(/questbench checks[\s\S]*✓ sold exactly the requested USDT \[20\]/);
    expect(texts[2]).toMatch(/questbench rounds[\s\S]*1 query → 2 tx → 3 tx → end: submit/);
    const href = (await notes.first().locator('a[download]').getAttribute('href'))!;
    const markdown = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(markdown).toContain('## Checks (end state)');
    expect(markdown).toContain('| ✓ | the WBNB bought came out as BNB | 50 |');
    expect(markdown).toContain('## Round 2 · tx');
    expect(markdown).toContain('- call: `swapExactTokensForTokens(');
    expect(markdown).toContain('Round 1 result: query result:');
    await page.screenshot({ path: join(SHOTS, 'vitest-html-report.png') });
  } finally {
    await page.close();
  }
});
