// Run statistics and the leaderboard over synthetic results with known answers.
import { describe, expect, test } from 'vitest';
import { buildLeaderboard, formatLeaderboard } from '../../src/results/leaderboard.ts';
import { leaderboardHtml } from '../../src/results/html.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import { summarizeRun, type RunSummary } from '../../src/results/run-summary.ts';
import { formatRunSummary } from '../../src/results/format.ts';
import { buildRunResult } from '../../src/results/summary.ts';

function rec(
  model: string,
  taskId: string,
  split: 'atomic' | 'composite',
  round: number,
  score: number,
  extra: Partial<InstanceRecord> = {},
): InstanceRecord {
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
    outcome: score === 100 ? 'exact' : score >= 60 ? 'partial' : 'wrong_state',
    checks: [],
    latencyMs: 1,
    transcript: { messages: [], response: '', logs: '' },
    model,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 5,
    subcategory: split === 'atomic' ? 'sub' : 'pat',
    ...extra,
  };
}

const ROUNDS = [1, 2, 3, 4, 5];
const TASKS = ['a', 'b', 'c', 'd'];

function run(model: string, scoreOf: (task: string, round: number) => number) {
  const records = ROUNDS.flatMap((r) => TASKS.map((t) => rec(model, t, 'atomic', r, scoreOf(t, r))));
  return buildRunResult(records, { id: `${model}-run`, model, seed: 1, rounds: 5, startedAt: '', finishedAt: '' });
}

describe('summarizeRun', () => {
  test('a deterministic model: CI width 0 and ρ = 1 between every pair of rounds', () => {
    const records = ROUNDS.flatMap((r) => TASKS.map((t, i) => rec('m', t, 'atomic', r, i * 30)));
    const s = summarizeRun(records);
    expect(s.atomic.mean).toBe(180);
    expect(s.atomic.halfWidth).toBe(0);
    expect(s.spearman).toMatchObject({ mean: 1, min: 1, max: 1 });
    expect(s.spearman!.pairs).toHaveLength(10);
    expect(s.passes.atomic).toEqual({ passed: 10, instances: 20, rate: 0.5 });
  });

  test('round totals spread with Student-t (df = 4) intervals', () => {
    // Totals per round: 200, 250, 300, 350, 400 → mean 300, SD 79.06, t(0.975, 4) = 2.776
    const records = ROUNDS.flatMap((r) => [
      rec('m', 'a', 'atomic', r, 50 + (r - 1) * 25),
      rec('m', 'b', 'atomic', r, 100),
      rec('m', 'c', 'atomic', r, 50 + (r - 1) * 25),
    ]);
    const s = summarizeRun(records);
    expect(s.perRound.map((p) => p.atomic)).toEqual([200, 250, 300, 350, 400]);
    expect(s.atomic.sd).toBeCloseTo(79.0569, 3);
    expect(s.atomic.halfWidth).toBeCloseTo((2.776445 * 79.0569) / Math.sqrt(5), 2);
    expect(s.atomic.cvPercent).toBeCloseTo(26.352, 2);
  });

  test('composite steps: efficiency, overhead share and P90', () => {
    const c = (kAct: number, kOpt: number, r: number) =>
      rec('m', `t${r}`, 'composite', 1, 100 * Math.min(1, kOpt / kAct), {
        composite: {
          pattern: 'p',
          kAct,
          kOpt,
          budget: 6,
          baseScore: 100,
          decay: Math.min(1, kOpt / kAct),
          endReason: 'submit',
          plan: '',
          rounds: [],
        },
      });
    const s = summarizeRun([c(3, 3, 1), c(4, 3, 2), c(6, 3, 3), c(2, 2, 4)]);
    expect(s.steps!.meanKAct).toBe(3.75);
    expect(s.steps!.overhead.shareOverOptimal).toBe(0.5);
    // overheads sorted [0, 0, 1, 3]: the 90th percentile interpolates 1 + 0.7 × 2
    expect(s.steps!.overhead.p90).toBeCloseTo(2.4, 10);
    expect(s.steps!.efficiency).toBeCloseTo((1 + 0.75 + 0.5 + 1) / 4, 10);
  });

  test('tokens and cost from a price table; cached replies carry no tokens', () => {
    const rs = [
      rec('openai:x', 'a', 'atomic', 1, 100, { tokens: { input: 1000, output: 200 } }),
      rec('openai:x', 'b', 'atomic', 1, 100, { cached: true }),
    ];
    const s = summarizeRun(rs, { 'openai:x': { input: 2, output: 10 } });
    expect(s.tokens).toEqual({ input: 1000, output: 200, cost: (1000 * 2 + 200 * 10) / 1e6, cachedInstances: 1 });
  });
});

describe('leaderboard', () => {
  const reference = run('reference', () => 100);
  const nothing = run('null', () => 0);
  const half = run('module:half', (t, r) => (t === 'a' || t === 'b' ? 100 : r % 2 === 0 ? 60 : 0));
  const lb = buildLeaderboard([nothing, half, reference]);

  test('orders models by mean total, with SD/CV/CI from the round totals', () => {
    expect(lb.rows.map((r) => r.model)).toEqual(['reference', 'module:half', 'null']);
    const h = lb.rows[1]!;
    expect(h.perRound.map((p) => p.total)).toEqual([200, 320, 200, 320, 200]);
    expect(h.totalAvg).toBe(248);
    expect(h.sd).toBeCloseTo(65.727, 2);
    expect(lb.rows[0]!.ciLow).toBe(400);
    expect(lb.rows[0]!.ciHigh).toBe(400);
  });

  test('quadrants by the medians; rank stability between rounds over model ranks', () => {
    expect(lb.medians.atomicAvg).toBe(248);
    expect(lb.rows.map((r) => r.quadrant?.split(' / ')[0])).toEqual(['high atomic', 'high atomic', 'low atomic']);
    expect(lb.rankStability!.mean).toBe(1);
  });

  test('text table and HTML carry the same numbers', () => {
    const text = formatLeaderboard(lb);
    expect(text.split('\n')[2]).toMatch(/^1\s+reference\s+text\s+400\.0\/400/);
    const html = leaderboardHtml(lb);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    const data = JSON.parse(/<script type="application\/json" id="questbench-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data.rows[1].totalAvg).toBe(248);
    expect(html).toContain('<td data-field="total">248.0</td>');
    expect(html).toContain('data-task="atomic/c" data-model="module:half" data-score="24.0"');
  });
});

describe('one round: spread is undefined, never 0', () => {
  const one = buildRunResult(
    TASKS.map((t, i) => rec('m', t, 'atomic', 1, i * 10)),
    { id: 'one', model: 'm', seed: 1, rounds: 1, startedAt: '', finishedAt: '' },
  );
  const stats = one.summary.stats as unknown as RunSummary;

  test('the results file holds null for SD, CI and CV', () => {
    const written = JSON.parse(JSON.stringify(one)) as {
      summary: { stats: { atomic: Record<string, unknown>; total: Record<string, unknown> } };
    };
    for (const key of ['sd', 'ciLow', 'ciHigh', 'halfWidth', 'cvPercent']) {
      expect(written.summary.stats.atomic[key], key).toBeNull();
      expect(written.summary.stats.total[key], key).toBeNull();
    }
    expect(written.summary.stats.atomic.mean).toBe(60);
  });

  test('the terminal summary prints – for them', () => {
    const text = formatRunSummary('m', 1, stats, [], 'results/m/one.json');
    expect(text).toMatch(/^ {2}Atomic {5}60 \/ 400 {2}CI – {2}SD – {2}CV –$/m);
    expect(text).not.toMatch(/SD 0\b/);
  });

  test('the leaderboard (text and HTML) prints – for them', () => {
    const lb = buildLeaderboard([one]);
    expect(lb.rows[0]).toMatchObject({ sd: null, ciLow: null, ciHigh: null, cvPercent: null });
    const line = formatLeaderboard(lb).split('\n')[2]!;
    expect(line).toMatch(/^1\s+m\s+text\s+60\.0\/400\s+0\.0\/0\s+60\.0\/400\s+–\s+–\s+–\s/);
    const html = leaderboardHtml(lb);
    expect(html).toContain('<td data-field="sd">–</td><td data-field="cv">–</td><td data-field="ci">–</td>');
  });
});

describe('answers replayed from the response cache', () => {
  const live = rec('openai:x', 'a', 'atomic', 1, 100, { answers: { live: 1, replayed: 0 } });
  const replayed = rec('openai:x', 'b', 'atomic', 1, 100, { cached: true, answers: { live: 0, replayed: 1 } });
  const episode = rec('openai:x', 'c', 'composite', 1, 100, { cached: true, answers: { live: 2, replayed: 3 } });

  test('are counted per reply and named in one summary line', () => {
    const s = summarizeRun([live, replayed, episode]);
    expect(s.answers).toEqual({ live: 3, replayed: 4 });
    expect(formatRunSummary('openai:x', 1, s, [], 'r.json')).toMatch(/^ {2}Answers {4}3 live · 4 replayed from cache/m);
    expect(formatRunSummary('openai:x', 1, summarizeRun([live]), [], 'r.json')).not.toMatch(/Answers/);
  });

  test('mark the run on the leaderboard', () => {
    const withReplays = buildRunResult([live, replayed, episode], {
      id: 'r1',
      model: 'openai:x',
      seed: 1,
      rounds: 1,
      startedAt: '',
      finishedAt: '',
    });
    const clean = buildRunResult([rec('openai:y', 'a', 'atomic', 1, 50, { answers: { live: 1, replayed: 0 } })], {
      id: 'r2',
      model: 'openai:y',
      seed: 1,
      rounds: 1,
      startedAt: '',
      finishedAt: '',
    });
    const lb = buildLeaderboard([withReplays, clean]);
    const text = formatLeaderboard(lb);
    expect(text).toMatch(/^1\s+openai:x \*\s/m);
    expect(text).toMatch(/^2\s+openai:y\s/m);
    expect(text).toContain('* openai:x: 4 of 7 answers replayed from the response cache');
    const html = leaderboardHtml(lb);
    expect(html).toContain('openai:x <abbr class="replayed" title="4 of 7 answers replayed from the response cache">replays</abbr>');
    expect(html).not.toContain('openai:y <abbr');
  });
});
