// What mistakes cost, the hard split, reliability and protocols on the page, from real runs: the
// careless fixture (every single request answered with one of its wrong answers: money burned, sent
// elsewhere, paid past a policy limit, unlimited approvals; from round 2 half of them right, so they are
// flaky), the mixed solver, the reference through tool calls and the gold wallet agent, each run through
// the whole pipeline (atomic, composite and hard projects) so every record carries its measured cost.
// Headless Chromium reads the page the way a person would and finds the figures the CLI printed.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { modelSlug } from '../../src/plugin/config.ts';
import { lostMoney } from '../../src/results/cost.ts';
import { sortLeaderboard, type Leaderboard } from '../../src/results/leaderboard.ts';
import { passHatKOf } from '../../src/results/leaderboard-table.ts';
import { percent, usd } from '../../src/results/money.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import { readJsonl } from '../../src/results/writer.ts';
import { closePage, launchChromium, openPage } from '../helpers/browser.ts';
import { CLI, latestRunFile, runNode, runVitest } from '../helpers/runs.ts';

const SHOTS = resolve('results', 'screenshots');
const SUBSET =
  '^(bnb_transfer_percentage|erc20_approve|unstake_lp_tokens|erc20_transfer_fixed|erc20_revoke_approval|hard_policy_payment_over_cap|hard_policy_payment_within_cap|composite_swap_unwrap_bnb|composite_wrap_unwrap_cycle) ·';
const CARELESS = 'module:test/fixtures/careless-solver.mjs';
const MIXED = 'module:test/fixtures/mixed-solver.mjs';
const AGENT = 'agent:test/fixtures/gold-agent.ts';
/** Model, its settings, and its row's name on the board. */
const RUNS = [
  { model: CARELESS, env: { QUEST_ROUNDS: '2' }, key: CARELESS },
  { model: MIXED, env: {}, key: MIXED },
  { model: 'reference', env: { QUEST_PROTOCOL: 'tools' }, key: 'reference · tools' },
  { model: AGENT, env: {}, key: `${AGENT} · agent` },
] as const;

const dir = mkdtempSync(join(tmpdir(), 'qb-cost-'));
const board = join(dir, 'board.html');
const records: Record<string, InstanceRecord[]> = {};
let lb: Leaderboard;
let browser: Browser;

beforeAll(async () => {
  const files: string[] = [];
  for (const { model, env, key } of RUNS) {
    const r = runVitest(['run', '--project', 'atomic', '--project', 'composite', '--project', 'hard', '-t', SUBSET], {
      QUEST_MODEL: model,
      QUEST_RESULTS_DIR: join(dir, 'results'),
      QUEST_FAIL_ON: 'infra',
      QUEST_CACHE: 'off',
      ...env,
    });
    expect(r.status, r.out.slice(-3000)).toBe(0);
    const json = latestRunFile(join(dir, 'results'), modelSlug(model));
    files.push(json);
    records[key] = readJsonl(json.replace(/\.json$/, '.jsonl'));
  }
  const cli = runNode([CLI, 'leaderboard', ...files, '--json', '--html', board]);
  expect(cli.status, cli.out).toBe(0);
  lb = JSON.parse(cli.stdout) as Leaderboard;
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
});

const row = (key: string) => lb.rows.find((r) => r.key === key)!;
const record = (key: string, taskId: string, round = 1) => records[key]!.find((r) => r.taskId === taskId && r.round === round)!;
const boardOrder = (page: Page) => page.$$eval('#leaderboard tbody tr', (trs) => trs.map((tr) => tr.getAttribute('data-model')));
const listed = (page: Page) => page.$$eval('#list .row', (rows) => rows.map((r) => r.getAttribute('data-key')));
const every = () => RUNS.flatMap(({ key }) => records[key]!.map((r) => ({ ...r, key })));
const keyOf = (r: { key: string; split: string; taskId: string; round: number }) => `${r.key}|${r.split}/${r.taskId}/${r.round}`;
const openKey = (key: string, split: string, task: string, round = 1) =>
  `#instances?open=${encodeURIComponent(`${key}|${split}/${task}/${round}`)}`;

test('the runs carry their cost: the careless fixture loses money and leaves exposure, the gold solutions lose nothing', () => {
  const careless = row(CARELESS).cost!.all;
  expect(careless.lostUsd).toBeGreaterThan(1000);
  expect(careless.exposureUsd).toBeGreaterThan(0);
  expect(careless.unmeasured).toBe(0);
  for (const key of ['reference · tools', `${AGENT} · agent`])
    expect(row(key).cost!.all).toMatchObject({ lostUsd: 0, exposureUsd: 0, lossCount: 0 });
  expect(row(MIXED).cost!.all.lostUsd).toBe(0);
});

test('the leaderboard: a row per model and protocol, Hard beside the total, pass^k and the cost columns as the CLI computed them', {
  timeout: 120_000,
}, async () => {
  const page = await openPage(browser, board, '', { width: 1700, height: 1000 });
  try {
    const cells = await page.$$eval('#leaderboard tbody tr', (trs) =>
      trs.map((tr) => Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.field, td.textContent?.trim()]))),
    );
    expect(cells.map((c) => c.model)).toEqual(lb.rows.map((r) => r.key));
    for (const [i, r] of lb.rows.entries()) {
      expect(cells[i]).toMatchObject({
        protocol: r.protocol,
        hard: r.hard!.avg.toFixed(1),
        'passes-hard': `${r.hard!.passed}/${r.hard!.instances}`,
        lost: usd(r.cost!.all.lostPer100),
        worst: usd(r.cost!.all.worstUsd),
        exposure: usd(r.cost!.all.exposurePer100),
        'lost-share': percent(r.cost!.all.lossShare),
        'pass-k': r.reliability ? `${percent(passHatKOf(r))} k=${r.reliability.k}` : '–',
      });
    }
    expect(cells.find((c) => c.model === 'reference · tools').protocol).toBe('tools');
    expect(cells.find((c) => c.model === `${AGENT} · agent`).protocol).toBe('agent');
    const careless = row(CARELESS).cost!;
    const costRow = page.locator(`#costs tr[data-model="${CARELESS}"][data-split="atomic"]`);
    expect(await costRow.locator('[data-field="lost-total"]').innerText()).toBe(usd(careless.atomic!.lostUsd));
    expect(await costRow.locator('[data-field="exposure-total"]').innerText()).toBe(usd(careless.atomic!.exposureUsd));
    await page.screenshot({ path: join(SHOTS, 'board-cost.png'), fullPage: true });
  } finally {
    await closePage(page);
  }
});

test('sorting by money lost (a header click) and by the hard split (the select); the address bar keeps the order', {
  timeout: 120_000,
}, async () => {
  const page = await openPage(browser, board);
  try {
    await page.click('#leaderboard th[data-sort="lost"]');
    const byLost = sortLeaderboard(lb, 'lost').rows.map((r) => r.key);
    expect(await boardOrder(page)).toEqual(byLost);
    expect(byLost.at(-1)).toBe(CARELESS);
    expect(new URL(page.url()).hash).toBe('#board?sort=lost');
    await page.reload();
    await expect.poll(() => boardOrder(page)).toEqual(byLost);
    await page.selectOption('#lb-sort', 'hard');
    expect(await boardOrder(page)).toEqual(sortLeaderboard(lb, 'hard').rows.map((r) => r.key));
    await page.click('#leaderboard th[data-sort="score"]');
    expect(await boardOrder(page)).toEqual(lb.rows.map((r) => r.key));
  } finally {
    await closePage(page);
  }
});

test('the hard split per hazard with refusals and unsafe actions, and per mechanism; the heat map groups hard tasks and marks the flaky ones', {
  timeout: 120_000,
}, async () => {
  const page = await openPage(browser, board);
  try {
    for (const { key } of RUNS) {
      const h = row(key).hard!;
      const bar = page.locator(`#hazards a.bar[data-model="${key}"][data-hazard="policy"]`);
      expect(Number(await bar.getAttribute('data-rate'))).toBeCloseTo(h.byHazard.policy!.passed / h.byHazard.policy!.instances, 4);
      expect(await page.locator(`#hazards td[data-field="unsafe"][data-model="${key}"]`).innerText()).toBe(String(h.unsafe));
      expect(await page.locator(`#hazards td[data-field="over-refusals"][data-model="${key}"]`).innerText()).toBe(
        `${h.overRefusals}/${h.actionInstances}`,
      );
    }
    expect(row(CARELESS).hard!.unsafe).toBeGreaterThan(0);
    // Per deciding mechanism beside the hazards: both hard tasks turn on pricing the policy.
    for (const { key } of RUNS) {
      const m = row(key).hard!.byMechanism.price_against_policy!;
      const bar = page.locator(`#mechanisms a.bar[data-model="${key}"][data-mechanism="price_against_policy"]`);
      expect(Number(await bar.getAttribute('data-rate'))).toBeCloseTo(m.passed / m.instances, 4);
    }
    expect(await page.$$eval('#heatmap caption', (cs) => cs.map((c) => c.textContent))).toContain('hard · policy');
    // Flaky: passed in one of the careless fixture's two rounds, from its records.
    const passes = new Map<string, number>();
    for (const r of records[CARELESS]!)
      passes.set(`${r.split}/${r.taskId}`, (passes.get(`${r.split}/${r.taskId}`) ?? 0) + (r.passed ? 1 : 0));
    const flaky = [...passes]
      .filter(([, n]) => n === 1)
      .map(([t]) => t)
      .sort();
    expect(flaky.length).toBeGreaterThan(0);
    expect(row(CARELESS).reliability!.flakyTasks).toEqual(flaky);
    const marked = await page.$$eval('#heatmap td.flaky', (tds) =>
      tds.map((td) => `${td.getAttribute('data-model')}|${td.getAttribute('data-task')}`),
    );
    expect(marked.sort()).toEqual(flaky.map((t) => `${CARELESS}|${t}`));
  } finally {
    await closePage(page);
  }
});

test('instances: filters for the hard split, a hazard, a mechanism, lost money and a protocol', { timeout: 120_000 }, async () => {
  const page = await openPage(browser, board, '#instances');
  try {
    const expectRows = async (want: (r: ReturnType<typeof every>[number]) => boolean) => {
      const keys = every().filter(want).map(keyOf).sort();
      expect(keys.length).toBeGreaterThan(0);
      await expect.poll(async () => (await listed(page)).sort()).toEqual(keys);
    };
    await page.selectOption('#f-split', 'hard');
    await expectRows((r) => r.split === 'hard');
    await page.selectOption('#f-hazard', 'policy');
    await expectRows((r) => r.hazard === 'policy');
    await page.selectOption('#f-hazard', '');
    await page.selectOption('#f-mech', 'price_against_policy');
    await expectRows((r) => r.mechanisms?.[0] === 'price_against_policy');
    await page.selectOption('#f-mech', '');
    await page.selectOption('#f-hazard', 'policy');
    await page.check('#f-lost');
    await expectRows((r) => r.split === 'hard' && lostMoney(r.risk));
    await page.selectOption('#f-hazard', '');
    await page.selectOption('#f-split', '');
    await expectRows((r) => lostMoney(r.risk));
    expect(await page.locator(`#list .row[data-key="${CARELESS}|atomic/bnb_transfer_percentage/1"] b.lost`).innerText()).toBe(
      `lost ${usd(record(CARELESS, 'bnb_transfer_percentage').risk!.lostUsd)}`,
    );
    await page.click('#f-reset');
    await page.selectOption('#f-protocol', 'agent');
    await expectRows((r) => r.key === `${AGENT} · agent`);
  } finally {
    await closePage(page);
  }
});

test('an instance that lost money: value lost, exposure and gas, each item in words, the price source', { timeout: 120_000 }, async () => {
  const page = await openPage(browser, board, openKey(CARELESS, 'atomic', 'bnb_transfer_percentage'), { width: 1400, height: 1000 });
  try {
    const rec = record(CARELESS, 'bnb_transfer_percentage');
    expect(lostMoney(rec.risk)).toBe(true);
    const cost = page.locator('#detail .inst [data-part="cost"]');
    await expect.poll(() => cost.count()).toBe(1);
    expect(await cost.locator('.cost-figures').innerText()).toContain(
      `Value lost ${usd(rec.risk!.lostUsd)} · exposure ${usd(rec.risk!.exposureUsd)} · gas ${usd(rec.risk!.gasUsd)}`,
    );
    const items = await cost.locator('.cost-items li').allInnerTexts();
    expect(items).toHaveLength(rec.risk!.items.length);
    for (const [i, item] of rec.risk!.items.entries()) expect(items[i]).toContain(item.detail);
    await cost.locator('details.prices summary').click();
    expect(await cost.locator('details.prices p').innerText()).toBe(rec.risk!.priceSource);
    await page.$eval('#detail', (d) =>
      d.scrollBy(
        0,
        d.querySelector('[data-part="checks"]').getBoundingClientRect().top -
          d.querySelector('header.part').getBoundingClientRect().bottom -
          6,
      ),
    );
    await page.screenshot({ path: join(SHOTS, 'viewer-cost.png') });
    // An unlimited approval where an exact one was asked: exposure, in words.
    const approve = record(CARELESS, 'erc20_approve');
    await page.goto(pathToFileURL(board).href + openKey(CARELESS, 'atomic', 'erc20_approve'));
    const items2 = page.locator('#detail .inst [data-part="cost"] .cost-items li');
    await expect.poll(() => items2.count()).toBe(approve.risk!.items.length);
    expect(approve.risk!.exposureUsd).toBeGreaterThan(0);
    expect(await items2.first().innerText()).toContain(approve.risk!.items[0]!.detail);
  } finally {
    await closePage(page);
  }
});

test("a hard task's hazard, its note and the reason a refusal gave; a wallet agent's trajectory as rounds", {
  timeout: 120_000,
}, async () => {
  const page = await openPage(browser, board, openKey(MIXED, 'hard', 'hard_policy_payment_over_cap'), { width: 1400, height: 1000 });
  try {
    const rec = record(MIXED, 'hard_policy_payment_over_cap');
    expect(rec.refusal?.reason).toBeTruthy();
    const inst = page.locator('#detail .inst');
    await expect.poll(() => inst.getAttribute('data-task')).toBe('hard_policy_payment_over_cap');
    expect(await inst.locator('.refusal').innerText()).toBe(rec.refusal!.reason);
    expect(await inst.locator('.hazard').innerText()).toContain(`${rec.hazard} ${rec.note}`);
    expect(await inst.locator('.hazard').innerText()).toContain('a careful wallet refuses this request');

    const agent = record(`${AGENT} · agent`, 'composite_wrap_unwrap_cycle');
    await page.goto(pathToFileURL(board).href + openKey(`${AGENT} · agent`, 'composite', 'composite_wrap_unwrap_cycle'));
    await expect.poll(() => inst.getAttribute('data-task')).toBe('composite_wrap_unwrap_cycle');
    expect(agent.walletAgent!.kAct).toBeGreaterThan(0);
    expect(await inst.locator('.steps.agent').innerText()).toContain(
      `K_act ${agent.walletAgent!.kAct} transactions sent / K_opt ${agent.walletAgent!.kOpt}`,
    );
    const rounds = inst.locator('.part.round:not(.final)');
    expect(await rounds.count()).toBe(agent.transcript.rounds!.length);
    expect(await rounds.locator('.tx').count()).toBe(agent.transcript.rounds!.filter((r) => r.tx).length);
    expect(await rounds.first().locator('h5').first().innerText()).toMatch(/^Round 1 · tx/);
  } finally {
    await closePage(page);
  }
});

test('the page stays self-contained', () => {
  const html = readFileSync(board, 'utf8');
  expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/);
});
