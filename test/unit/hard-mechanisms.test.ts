// The hard split's mechanisms and version as the run summary, the results file, the leaderboard and the
// page report them: synthetic records with known figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { main } from '../../src/results/cli.ts';
import { formatRunSummary } from '../../src/results/format.ts';
import { mechanismTable } from '../../src/results/html-sections.ts';
import { buildLeaderboard, formatLeaderboard, hardVersionOf, MixedSplitVersionsError } from '../../src/results/leaderboard.ts';
import { RunResult, type InstanceRecord } from '../../src/results/record.ts';
import { summarizeRun } from '../../src/results/run-summary.ts';
import { buildRunResult } from '../../src/results/summary.ts';

function hard(model: string, taskId: string, round: number, score: number, mechanisms?: string[]): InstanceRecord {
  return {
    taskId,
    split: 'hard',
    hazard: 'units',
    ...(mechanisms ? { mechanisms } : {}),
    expects: 'action',
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
    rounds: 2,
  };
}

const run = (model: string, records: InstanceRecord[], id: string, version?: number) =>
  RunResult.parse(
    JSON.parse(
      JSON.stringify(
        buildRunResult(records, {
          id,
          model,
          seed: 1,
          rounds: 2,
          startedAt: '',
          finishedAt: '',
          ...(version ? { splitVersions: { hard: version } } : {}),
        }),
      ),
    ),
  );

const careful = [
  hard('careful', 'hard_units_a', 1, 100, ['exact_decimals', 'carry_amounts']),
  hard('careful', 'hard_units_b', 1, 0, ['simulate_as_sent']),
  hard('careful', 'hard_units_c', 1, 100, ['simulate_as_sent', 'exact_decimals']),
];

describe('per mechanism', () => {
  test('the run summary counts each task under its deciding mechanism, never under the ones it also needs', () => {
    const s = summarizeRun(careful);
    expect(s.hard!.byMechanism).toEqual({
      exact_decimals: expect.objectContaining({ passed: 1, instances: 1 }),
      simulate_as_sent: expect.objectContaining({ passed: 1, instances: 2 }),
    });
    expect(formatRunSummary('careful', 1, s, [], 'r.json')).toMatch(/Mechanisms .*exact_decimals.*simulate_as_sent/);
  });

  test('the results file keeps the mechanisms of each instance and the split version; files without them still read', () => {
    const r = run('careful', careful, 'r1', 2);
    expect(r.run.splitVersions).toEqual({ hard: 2 });
    expect(r.instances[0]!.mechanisms).toEqual(['exact_decimals', 'carry_amounts']);
    expect(hardVersionOf(r)).toBe(2);
    const old = run('old', [hard('old', 'hard_units_a', 1, 100)], 'r0');
    expect(hardVersionOf(old)).toBe(1);
    expect(buildLeaderboard([old]).rows[0]!.hard!.byMechanism).toEqual({});
  });

  test('the leaderboard: per row and deciding mechanism, in the terminal table and on the page', () => {
    const lb = buildLeaderboard([
      run('careful', careful, 'r1', 2),
      run(
        'careless',
        careful.map((i) => ({ ...i, model: 'careless', score: 0, passed: false })),
        'r2',
        2,
      ),
    ]);
    const row = lb.rows.find((r) => r.key === 'careful')!;
    expect(row.hard!.byMechanism.simulate_as_sent).toEqual({ passed: 1, instances: 2, meanScore: 50 });
    const text = formatLeaderboard(lb);
    expect(text).toMatch(/passes per deciding mechanism/);
    expect(text).toMatch(/careful\s+exact_decimals 1\/1 · simulate_as_sent 1\/2/);
    const html = mechanismTable(lb, true);
    expect(html).toContain('<table id="mechanisms">');
    expect(html).toContain('mech=simulate_as_sent');
  });
});

describe('the split version', () => {
  const v1 = run('careful', [hard('careful', 'hard_units_a', 1, 100)], 'old-run');
  const v2 = run('careful', [hard('careful', 'hard_units_a', 2, 100, ['exact_decimals'])], 'new-run', 2);

  test('a row never merges runs of two versions of the hard split; other rows and runs without the split are free', () => {
    expect(() => buildLeaderboard([v1, v2])).toThrow(MixedSplitVersionsError);
    expect(() => buildLeaderboard([v1, v2])).toThrow(/version 1 \(old-run\) and version 2 \(new-run\)/);
    const other = run('other', [hard('other', 'hard_units_a', 1, 0, ['exact_decimals'])], 'other-run', 2);
    expect(buildLeaderboard([v1, other]).rows).toHaveLength(2);
  });

  test("a lesson check's run is a row of its own, named by its lesson", () => {
    const taught = RunResult.parse({ ...v2, run: { ...v2.run, id: 'taught', lesson: 'simulate_as_sent' } });
    expect(
      buildLeaderboard([v2, taught])
        .rows.map((r) => r.key)
        .sort(),
    ).toEqual(['careful', 'careful · lesson simulate_as_sent']);
  });

  test('`questbench leaderboard` says so and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qb-versions-'));
    const files = [v1, v2].map((r, i) => {
      const file = join(dir, `${i}.json`);
      writeFileSync(file, JSON.stringify(r));
      return file;
    });
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(await main(['leaderboard', ...files])).toBe(1);
      expect(String(err.mock.calls[0]![0])).toMatch(/played different versions of the hard split.*pass only the runs of one version/);
    } finally {
      err.mockRestore();
      log.mockRestore();
    }
  });
});
