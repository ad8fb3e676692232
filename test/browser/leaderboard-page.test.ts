// The leaderboard page as a person sees it: headless Chromium opens the self-contained HTML written by
// `questbench leaderboard --html`, and the numbers on screen must match the JSON the CLI printed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { expect, test } from 'vitest';
import type { Leaderboard } from '../../src/results/leaderboard.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import { buildRunResult } from '../../src/results/summary.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function rec(model: string, taskId: string, split: 'atomic' | 'composite', round: number, score: number): InstanceRecord {
  return {
    taskId,
    split,
    round,
    seed: round,
    templateIndex: 0,
    params: {},
    instruction: '',
    score,
    passed: score >= 60,
    outcome: score === 100 ? 'exact' : 'wrong_state',
    checks: [],
    latencyMs: 1,
    transcript: { messages: [], response: '', logs: '' },
    model,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 3,
    subcategory: 'sub',
    ...(split === 'composite'
      ? {
          composite: {
            pattern: taskId.endsWith('1') ? 'approve-swap' : 'batch-transfer',
            kAct: 3,
            kOpt: 2,
            budget: 4,
            baseScore: score,
            decay: 2 / 3,
            endReason: 'submit' as const,
            plan: '',
            rounds: [],
          },
        }
      : {}),
  };
}

test('the page shows the leaderboard, scatter, pattern bars and heat map with the JSON numbers', { timeout: 120_000 }, async () => {
  expect(
    existsSync(CHROMIUM),
    `Chromium not found at ${CHROMIUM}: install the Debian package "chromium" (.ci/run does) or set CHROMIUM_PATH`,
  ).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'qb-page-'));
  const models: [string, (t: number, r: number) => number][] = [
    ['reference', () => 100],
    ['module:half', (t, r) => (t % 2 === 0 ? 100 : r === 2 ? 70 : 10)],
    ['null', () => 0],
  ];
  const files = models.map(([model, score]) => {
    const records = [1, 2, 3].flatMap((r) => [
      ...[0, 1, 2, 3].map((t) => rec(model, `task_${t}`, 'atomic', r, score(t, r))),
      ...[0, 1].map((t) => rec(model, `composite_${t}`, 'composite', r, score(t + 1, r))),
    ]);
    const file = join(dir, `${model.replace(/\W/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(buildRunResult(records, { id: model, model, seed: 1, rounds: 3, startedAt: '', finishedAt: '' })));
    return file;
  });
  const html = join(dir, 'leaderboard.html');
  const cli = spawnSync(process.execPath, [resolve('bin/questbench.mjs'), 'leaderboard', ...files, '--json', '--html', html], {
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  const lb = JSON.parse(cli.stdout) as Leaderboard;

  const browser = await chromium.launch({
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
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(html).href);
    const rows = await page.$$eval('#leaderboard tbody tr', (trs) =>
      trs.map((tr) => Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.field, td.textContent?.trim()]))),
    );
    expect(rows.map((r) => r.model)).toEqual(lb.rows.map((r) => r.model));
    for (const [i, row] of lb.rows.entries()) {
      expect(rows[i]).toMatchObject({
        rank: String(row.rank),
        atomic: row.atomicAvg.toFixed(1),
        composite: row.compositeAvg.toFixed(1),
        total: row.totalAvg.toFixed(1),
        sd: row.sd!.toFixed(1),
        ci: `[${row.ciLow!.toFixed(1)}, ${row.ciHigh!.toFixed(1)}]`,
      });
    }
    expect(await page.$$eval('#scatter circle', (cs) => cs.map((c) => c.getAttribute('data-model')))).toEqual(lb.rows.map((r) => r.model));
    const bars = await page.$$eval('#patterns .bar', (bs) =>
      bs.map((b) => [b.getAttribute('data-model'), b.getAttribute('data-pattern'), Number(b.getAttribute('data-rate'))]),
    );
    for (const [model, pattern, rate] of bars) {
      const c = lb.rows.find((r) => r.model === model)!.byPattern[pattern as string]!;
      expect(rate).toBeCloseTo(c.passed / c.instances, 4);
    }
    const cells = await page.$$eval('#heatmap td[data-score]', (tds) => tds.length);
    expect(cells).toBe(lb.tasks.length * lb.rows.length);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    const shots = resolve('results', 'screenshots');
    mkdirSync(shots, { recursive: true });
    const shot = join(shots, 'leaderboard.png');
    await page.screenshot({ path: shot, fullPage: true });
    console.log(`screenshot: ${shot}`);
  } finally {
    await browser.close();
  }
});
