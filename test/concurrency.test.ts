// QUEST_CONCURRENCY: instances in flight at once inside one Vitest worker, capped for the run, with
// the same instances, seeds and scores as a run that does one at a time.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { latestRunFile, readRunResult, runVitest } from './helpers/runs.ts';

const SUBSET =
  '^(bnb_transfer_basic|erc20_approve|query_bnb_balance|wbnb_deposit|erc20_transfer_fixed|swap_exact_bnb_for_tokens|erc20_burn|query_erc20_balance|stake_single_token|erc721_transfer|composite_wrap_unwrap_cycle|composite_approve_swap_tokens) ·';

function run(concurrency: number) {
  const dir = mkdtempSync(join(tmpdir(), 'qb-conc-'));
  const calls = join(dir, 'calls.jsonl');
  const r = runVitest(['run', '--project', 'atomic', '--project', 'composite', '-t', SUBSET, '--maxWorkers=1'], {
    QUEST_MODEL: 'module:bench/latency-model.mjs',
    BENCH_LATENCY_MS: '700',
    BENCH_CALLS_FILE: calls,
    QUEST_CONCURRENCY: String(concurrency),
    QUEST_ROUNDS: '2',
    QUEST_RESULTS_DIR: dir,
  });
  const result = readRunResult(latestRunFile(dir, 'module-bench-latency-model.mjs'));
  const spans = existsSync(calls)
    ? readFileSync(calls, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { pid: number; start: number; end: number })
    : [];
  const events = spans
    .flatMap((c) => [
      { t: c.start, d: 1 },
      { t: c.end, d: -1 },
    ])
    .sort((a, b) => a.t - b.t || a.d - b.d);
  let cur = 0;
  let peak = 0;
  for (const e of events) peak = Math.max(peak, (cur += e.d));
  return { status: r.status, out: r.out, result, peak, pids: new Set(spans.map((c) => c.pid)).size };
}

const summary = (r: ReturnType<typeof run>) =>
  r.result.instances
    .map((i) => `${i.split}/${i.taskId}/${i.round} seed ${i.seed} template ${i.templateIndex} ${JSON.stringify(i.params)} score ${i.score}`)
    .sort();

test('one worker per project keeps QUEST_CONCURRENCY model calls in flight; the instances and scores are those of a one-at-a-time run', {
  timeout: 900_000,
}, () => {
  const one = run(1);
  expect(one.status, one.out).toBe(0);
  expect(one.peak).toBe(1);
  const six = run(6);
  expect(six.status, six.out).toBe(0);
  // One worker process per benchmark project (atomic, composite), however many instances are in flight.
  expect(six.pids).toBeLessThanOrEqual(2);
  // Never above the cap; with 24 instances of 0.7 s model calls, the slots fill up.
  expect(six.peak).toBeLessThanOrEqual(6);
  expect(six.peak).toBeGreaterThanOrEqual(5);
  expect(six.result.instances).toHaveLength(24);
  expect(summary(six)).toEqual(summary(one));
});
