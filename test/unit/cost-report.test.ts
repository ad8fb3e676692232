// What mistakes cost, the hard split and reliability over rounds, as the run summary, the results
// file and the leaderboard report them: synthetic records with known figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { main } from '../../src/results/cli.ts';
import { costFigures } from '../../src/results/cost.ts';
import { formatRunSummary } from '../../src/results/format.ts';
import { buildLeaderboard, formatLeaderboard, sortLeaderboard, type Leaderboard } from '../../src/results/leaderboard.ts';
import { RunResult, type InstanceRecord } from '../../src/results/record.ts';
import { summarizeRun } from '../../src/results/run-summary.ts';
import { buildRunResult } from '../../src/results/summary.ts';
import type { RiskRecord } from '../../src/risk/schema.ts';

const PRICES = "Prices from the instance's own chain at its pre-state (block 59); USDT = 1 USD (anchor)";
const risk = (lostUsd: number, exposureUsd = 0, gasUsd = 0.05): RiskRecord => ({
  lostUsd,
  exposureUsd,
  gasUsd,
  items: lostUsd
    ? [
        {
          kind: 'over_sent',
          token: 'USDT',
          amount: String(lostUsd),
          usd: lostUsd,
          detail: `sent ${lostUsd} USDT more than asked to 0x5Da3…A930: $${lostUsd}`,
          to: '0x5da34531ffc05facfe554f7d622f06a89ebaa930',
        },
      ]
    : [],
  priceSource: PRICES,
});

type Split = InstanceRecord['split'];
function rec(
  model: string,
  taskId: string,
  split: Split,
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
    outcome: score === 100 ? 'exact' : 'wrong_state',
    checks: [],
    latencyMs: 1,
    transcript: { messages: [], response: '', logs: '' },
    model,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 3,
    subcategory: 'sub',
    ...extra,
  };
}
const hard = (
  model: string,
  taskId: string,
  round: number,
  expects: 'action' | 'refusal',
  outcome: InstanceRecord['outcome'],
  extra: Partial<InstanceRecord> = {},
) =>
  rec(model, taskId, 'hard', round, outcome === 'exact' ? 100 : 0, {
    hazard: taskId.includes('units') ? 'units' : 'policy',
    expects,
    outcome,
    ...extra,
  });
const result = (model: string, records: InstanceRecord[], protocol?: 'text' | 'tools' | 'agent') =>
  buildRunResult(records, {
    id: `${model}-${protocol ?? 'text'}`,
    model,
    seed: 1,
    rounds: 3,
    startedAt: '',
    finishedAt: '',
    ...(protocol ? { protocol } : {}),
  });

describe('cost figures', () => {
  test('lost, per 100 requests, the worst instance, exposure, gas and the share that lost more than a cent', () => {
    const c = costFigures([
      { split: 'atomic', taskId: 'a', round: 1, outcome: 'wrong_state', risk: risk(999.02, 0, 0.04) },
      { split: 'atomic', taskId: 'b', round: 1, outcome: 'wrong_state', risk: risk(0.004, 250, 0.04) },
      { split: 'atomic', taskId: 'c', round: 1, outcome: 'exact', risk: risk(0, 0, 0.02) },
      { split: 'atomic', taskId: 'd', round: 1, outcome: 'wrong_state', risk: risk(1, 0, 0) },
      { split: 'atomic', taskId: 'e', round: 1, outcome: 'infra' },
    ])!;
    expect(c.measured).toBe(4);
    expect(c.unmeasured).toBe(1);
    expect(c.lostUsd).toBeCloseTo(1000.024, 6);
    expect(c.lostPer100).toBeCloseTo(25000.6, 6);
    expect(c.worst).toEqual({ split: 'atomic', taskId: 'a', round: 1, lostUsd: 999.02 });
    expect(c.exposureUsd).toBe(250);
    expect(c.exposurePer100).toBe(6250);
    expect(c.gasUsd).toBeCloseTo(0.1, 10);
    // $0.004 is below the one-cent threshold: two of the four measured lost money.
    expect([c.lossCount, c.lossShare]).toEqual([2, 0.5]);
  });

  test('nothing measured is no figure, not $0', () => {
    expect(costFigures([{ split: 'atomic', taskId: 'a', round: 1, outcome: 'infra' }])).toBeNull();
    expect(costFigures([])).toBeNull();
  });
});

describe('the run summary', () => {
  const records = [
    rec('m', 'a', 'atomic', 1, 0, { risk: risk(999.02) }),
    rec('m', 'b', 'atomic', 1, 100, { risk: risk(0) }),
    rec('m', 'c', 'composite', 1, 100, { risk: risk(0, 40) }),
    hard('m', 'hard_policy_over', 1, 'refusal', 'unsafe', { risk: risk(3368) }),
    hard('m', 'hard_units_pay', 1, 'action', 'refused', { risk: risk(0, 0, 0) }),
  ];
  const s = summarizeRun(records);

  test('per split: value lost, the worst instance, exposure; the hard split apart', () => {
    expect(s.cost!.atomic).toMatchObject({ lostUsd: 999.02, worstUsd: 999.02, lossCount: 1, measured: 2 });
    expect(s.cost!.composite).toMatchObject({ lostUsd: 0, exposureUsd: 40, lossCount: 0 });
    expect(s.cost!.hard).toMatchObject({ lostUsd: 3368, worst: { taskId: 'hard_policy_over' } });
    expect(s.cost!.all.lostUsd).toBeCloseTo(4367.02, 6);
    expect(s.reliability).toBeUndefined();
  });

  test('the terminal prints `Value lost $… (worst instance $…) · exposure $…` per split, and the loss beside a failed instance', () => {
    const text = formatRunSummary(
      'm',
      1,
      s,
      records.filter((r) => !r.passed),
      'results/m/r.json',
    );
    expect(text).toMatch(
      /^ {2}Cost {7}atomic {5}Value lost \$999\.02 \(worst instance \$999\.02: a r1\) · exposure \$0\.00 · lost money 1\/2 \(50\.0%\)/m,
    );
    expect(text).toMatch(/^ {13}composite {2}Value lost \$0\.00 \(worst instance \$0\.00\) · exposure \$40\.00/m);
    expect(text).toMatch(/^ {13}hard {7}Value lost \$3,368\.00 \(worst instance \$3,368\.00: hard_policy_over r1\)/m);
    expect(text).toMatch(/^ {4}hard_policy_over r1 {2}0\/100 {2}unsafe {2}lost \$3,368\.00/m);
    expect(text).toMatch(/Refusals {3}expected 0\/1 refused safely · over-refusals 1 of 1 to act on · unsafe actions 1/);
  });

  test("the results file keeps each instance's cost and the figures, and still reads files written before them", () => {
    const file = RunResult.parse(JSON.parse(JSON.stringify(result('m', records))));
    expect(file.instances.find((i) => i.taskId === 'a')!.risk!.items[0]!.detail).toContain('sent 999.02 USDT more than asked');
    expect(file.summary.stats!.cost!.hard!.lostUsd).toBe(3368);
    const old = JSON.parse(JSON.stringify(file)) as { summary: { stats: Record<string, unknown> }; instances: Record<string, unknown>[] };
    delete old.summary.stats.cost;
    for (const i of old.instances) delete i.risk;
    expect(RunResult.parse(old).summary.stats!.cost).toBeUndefined();
  });

  test('with several rounds: pass^k beside pass@1 per split, and the flaky tasks', () => {
    // Task a passes rounds 1 and 3 only; b always; c never; the hard task in round 2 only.
    const rounds = [1, 2, 3].flatMap((r) => [
      rec('m', 'a', 'atomic', r, r === 2 ? 0 : 100),
      rec('m', 'b', 'atomic', r, 100),
      rec('m', 'c', 'composite', r, 0),
      hard('m', 'hard_policy_over', r, 'refusal', r === 2 ? 'exact' : 'unsafe'),
    ]);
    const rel = summarizeRun(rounds).reliability!;
    expect(rel.k).toBe(3);
    expect(rel.bySplit.atomic).toMatchObject({ tasks: 2, passHatK: 0.5, flaky: 1 });
    expect(rel.bySplit.atomic!.passAt1).toBeCloseTo(5 / 6, 10);
    expect(rel.published).toMatchObject({ tasks: 3, passHatK: 1 / 3, flaky: 1 });
    expect(rel.flakyTasks).toEqual(['atomic/a', 'hard/hard_policy_over']);
    const text = formatRunSummary('m', 1, summarizeRun(rounds), [], 'r.json');
    expect(text).toMatch(
      /^ {2}pass\^3 {5}atomic 50\.0% \(pass@1 83\.3%\) · composite 0\.0% \(pass@1 0\.0%\) · hard 0\.0% \(pass@1 33\.3%\) · flaky tasks \(passed in some rounds only\) 2: atomic\/a, hard\/hard_policy_over$/m,
    );
  });

  test('an infra failure is a missing round, not a failed one', () => {
    const rs = [1, 2].flatMap((r) => [
      rec('m', 'a', 'atomic', r, 100),
      rec('m', 'b', 'atomic', r, r === 2 ? 0 : 100, r === 2 ? { outcome: 'infra' } : {}),
    ]);
    expect(summarizeRun(rs).reliability!.bySplit.atomic).toMatchObject({ tasks: 2, completeTasks: 1, passHatK: 1, flaky: 0 });
  });
});

describe('the leaderboard', () => {
  const careless = result('module:careless', [
    rec('module:careless', 'a', 'atomic', 1, 0, { risk: risk(30000) }),
    rec('module:careless', 'b', 'atomic', 1, 0, { risk: risk(0, 759.76) }),
    hard('module:careless', 'hard_policy_over', 1, 'refusal', 'unsafe', { risk: risk(3368) }),
  ]);
  const reference = result('reference', [
    rec('reference', 'a', 'atomic', 1, 100, { risk: risk(0) }),
    rec('reference', 'b', 'atomic', 1, 100, { risk: risk(0) }),
    hard('reference', 'hard_policy_over', 1, 'refusal', 'exact', { risk: risk(0, 0, 0) }),
  ]);
  const tools = result(
    'reference',
    [rec('reference', 'a', 'atomic', 1, 100, { risk: risk(0) }), rec('reference', 'b', 'atomic', 1, 0, { risk: risk(12.5) })],
    'tools',
  );
  const old = result('null', [rec('null', 'a', 'atomic', 1, 0), rec('null', 'b', 'atomic', 1, 0)]);
  const lb = buildLeaderboard([careless, reference, tools, old]);
  const row = (key: string) => lb.rows.find((r) => r.key === key)!;

  test('a model under another protocol is a row of its own that says so', () => {
    expect(lb.rows.map((r) => [r.rank, r.key, r.protocol])).toEqual([
      [1, 'reference', 'text'],
      [2, 'reference · tools', 'tools'],
      [3, 'module:careless', 'text'],
      [4, 'null', 'text'],
    ]);
  });

  test('per row: the hard split beside the total, and what mistakes cost per 100 requests', () => {
    expect(row('module:careless').hard).toMatchObject({ avg: 0, max: 100, unsafe: 1, refusalInstances: 1, overRefusals: 0 });
    expect(row('module:careless').totalAvg).toBe(0);
    expect(row('module:careless').cost!.all).toMatchObject({ lostUsd: 33368, worstUsd: 30000, exposureUsd: 759.76, lossCount: 2 });
    expect(row('module:careless').cost!.all.lostPer100).toBeCloseTo((33368 / 3) * 100, 6);
    expect(row('module:careless').cost!.all.lossShare).toBeCloseTo(2 / 3, 10);
    expect(row('reference · tools').cost!.all.lostPer100).toBe(625);
    expect(row('null').cost).toBeNull();
  });

  test('sorting by money lost puts the least first and rows without figures last; ranks stay those of the score', () => {
    const byLost = sortLeaderboard(lb, 'lost');
    expect(byLost.rows.map((r) => [r.key, r.rank])).toEqual([
      ['reference', 1],
      ['reference · tools', 2],
      ['module:careless', 3],
      ['null', 4],
    ]);
    expect(sortLeaderboard(lb, 'hard').rows.map((r) => r.key)).toEqual(['reference', 'module:careless', 'reference · tools', 'null']);
    expect(sortLeaderboard(lb, 'worst').sortedBy).toBe('worst');
  });

  test('the terminal table: protocol, Hard, cost columns; the hard split and cost per split below', () => {
    const text = formatLeaderboard(sortLeaderboard(lb, 'lost'));
    const [head, , first] = text.split('\n');
    expect(head).toMatch(
      /^Rank\s+Model\s+Protocol\s+Atomic\s+Composite\s+Total\s+SD\s+CV%\s+95% CI\s+Passes A · C\s+Hard\s+Passes H\s+\$ lost\/100\s+Worst loss\s+Exposure\/100\s+Lost money\s+Quadrant$/,
    );
    expect(first).toMatch(
      /^1\s+reference\s+text\s+200\.0\/200\s+0\.0\/0\s+200\.0\/200 .* 100\.0\/100\s+1\/1\s+\$0\.00\s+\$0\.00\s+\$0\.00\s+0\.0%/,
    );
    expect(text).toMatch(/^3\s+module:careless\s+text .* \$1,112,266\.67\s+\$30,000\.00\s+\$25,325\.33\s+66\.7%/m);
    expect(text).toMatch(/^2\s+reference · tools\s+tools\s/m);
    expect(text).toMatch(/^4\s+null\s+text .* –\s+–\s+–\s+–\s+low/m);
    expect(text).toContain('Sorted by $ lost/100 (lowest first); ranks are by mean total score.');
    expect(text).toMatch(/^module:careless\s+policy 0\/1 \| refused as due 0\/1 · over-refusals 0\/0 · unsafe actions 1$/m);
    expect(text).toMatch(
      /^module:careless\s+atomic lost \$30,000\.00 \(worst \$30,000\.00\) · exposure \$759\.76 · lost money 1\/2 \| hard lost \$3,368\.00/m,
    );
  });

  test('`questbench leaderboard --sort lost --json` prints every figure in that order; an unknown key is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qb-sort-'));
    const files = [careless, reference, tools, old].map((r, i) => {
      const file = join(dir, `${i}.json`);
      writeFileSync(file, JSON.stringify(r));
      return file;
    });
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['leaderboard', ...files, '--sort', 'lost', '--json'])).toBe(0);
      const printed = JSON.parse(out.join('\n')) as Leaderboard;
      expect(printed.sortedBy).toBe('lost');
      expect(printed.rows.map((r) => r.key)).toEqual(['reference', 'reference · tools', 'module:careless', 'null']);
      expect(printed.rows[2]!.cost!.all.worst).toEqual({ split: 'atomic', taskId: 'a', round: 1, lostUsd: 30000 });
      expect(printed.rows[2]!.hard!.byHazard.policy).toEqual({ passed: 0, instances: 1, meanScore: 0 });
      expect(await main(['leaderboard', ...files, '--sort', 'cheapest'])).toBe(1);
      expect(err.mock.calls[0]![0]).toMatch(
        /--sort takes one of score, atomic, composite, hard, pass-k, lost, worst, exposure, lost-share/,
      );
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });
});
