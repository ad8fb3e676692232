// The execution family's score: quality on the scale from a task's naive execution to its optimum, counted
// only for a correct end state; its figures in the summary, the leaderboard and the page; and the task
// files that declare it, checked against their validators.
import { describe, expect, test } from 'vitest';
import { qualityOf } from '../../src/instance/quality.ts';
import { assembleTask } from '../../src/instance/task.ts';
import { costFigures, qualityFigures } from '../../src/results/cost.ts';
import { formatRunSummary } from '../../src/results/format.ts';
import { buildLeaderboard, formatLeaderboard, sortLeaderboard } from '../../src/results/leaderboard.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import { summarizeRun } from '../../src/results/run-summary.ts';
import { buildRunResult } from '../../src/results/summary.ts';
import { instanceMarkdown } from '../../src/results/markdown.ts';
import type { QualityRecord } from '../../src/results/quality-record.ts';
import { HardAtomicTask } from '../../src/tasks/hard-schema.ts';
import { defineValidator } from '../../src/validators/define.ts';
import { qualityBlock } from '../../src/results/viewer/render-risk.ts';
import { walletUsd } from '../../src/validators/quality.ts';
import type { CheckOutcome } from '../../src/validators/types.ts';

const pass: CheckOutcome = { name: 'swapped', weight: 60, passed: true, detail: 'ok' };
const fail: CheckOutcome = { ...pass, passed: false, detail: 'wrong recipient' };
const scale = { weight: 40, naive: 1000, optimum: 1010 };
const at = (v: number) => async () => v;

describe('quality on the scale of an instance', () => {
  test('the share of the way from naive to optimum, clipped, and its points of the weight', async () => {
    expect(await qualityOf(scale, at(1005), [pass])).toMatchObject({ value: 1005, share: 0.5, points: 20, leftOnTableUsd: 5 });
    expect(await qualityOf(scale, at(1010), [pass])).toMatchObject({ share: 1, points: 40, leftOnTableUsd: 0 });
    // Better than the validator's optimum (its rounding) is full marks; worse than naive is none.
    expect(await qualityOf(scale, at(1012), [pass])).toMatchObject({ share: 1, points: 40, leftOnTableUsd: 0 });
    expect(await qualityOf(scale, at(990), [pass])).toMatchObject({ share: 0, points: 0, leftOnTableUsd: 20 });
  });

  test('a wrong end state earns no quality points, however its wallet ended', async () => {
    const q = await qualityOf(scale, at(1010), [pass, fail]);
    expect(q).toMatchObject({ points: 0, detail: expect.stringContaining('a check failed') });
    expect(await qualityOf(scale, undefined, [fail])).toMatchObject({ share: 0, points: 0, detail: 'no end state to value' });
  });

  test('an instance whose optimum is no better than naive gives the points to a correct end state at least as good as naive', async () => {
    const flat = { weight: 40, naive: 1000, optimum: 1000 };
    expect((await qualityOf(flat, at(1000), [pass])).points).toBe(40);
    expect((await qualityOf(flat, at(999), [pass])).points).toBe(0);
  });

  test('a wallet is valued at its holdings times their prices, in whole tokens', () => {
    expect(
      walletUsd([
        { amount: 1_500_000n, decimals: 6, usd: 1 },
        { amount: 2n * 10n ** 18n, decimals: 18, usd: 600 },
      ]),
    ).toBe(1201.5);
  });
});

const quality = (q: Partial<QualityRecord>): QualityRecord => ({ weight: 40, naive: 1000, optimum: 1010, share: 0, points: 0, ...q });
function rec(model: string, taskId: string, score: number, q?: QualityRecord): InstanceRecord {
  return {
    taskId,
    split: 'hard',
    hazard: 'execution',
    mechanisms: ['split_order'],
    expects: 'action',
    round: 1,
    seed: 1,
    templateIndex: 0,
    params: {},
    instruction: '',
    score,
    passed: score >= 60,
    outcome: score >= 100 ? 'exact' : score >= 60 ? 'partial' : 'wrong_state',
    checks: [],
    latencyMs: 1,
    transcript: { messages: [], response: '', logs: '' },
    model,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 1,
    subcategory: 'split',
    risk: { lostUsd: 0, exposureUsd: 0, gasUsd: 0.01, items: [], priceSource: 'pools' },
    ...(q ? { quality: q } : {}),
  };
}
const result = (model: string, records: InstanceRecord[]) =>
  buildRunResult(records, { id: model, model, seed: 1, rounds: 1, startedAt: '', finishedAt: '' });

describe('value left on the table in the figures', () => {
  const careful = [
    rec('careful', 'hard_execution_a', 100, quality({ value: 1010, share: 1, points: 40, leftOnTableUsd: 0 })),
    rec('careful', 'hard_execution_b', 80, quality({ value: 1005, share: 0.5, points: 20, leftOnTableUsd: 5 })),
  ];
  const naive = [
    rec('naive', 'hard_execution_a', 60, quality({ value: 1000, share: 0, points: 0, leftOnTableUsd: 10 })),
    // A wrong end state: its loss is value lost against the reference, not what it left on the table.
    rec('naive', 'hard_execution_b', 0, quality({ value: 900, share: 0, points: 0, leftOnTableUsd: 110, detail: 'a check failed' })),
  ];

  test('mean quality over the execution instances, and the USD left over the correct ones', () => {
    expect(qualityFigures(careful)).toEqual({ instances: 2, meanShare: 0.75, leftOnTableUsd: 5, leftPer100: 250 });
    expect(qualityFigures(naive)).toEqual({ instances: 2, meanShare: 0, leftOnTableUsd: 10, leftPer100: 1000 });
    expect(qualityFigures([{}])).toBeUndefined();
    expect(costFigures(careful.map((r) => ({ ...r })))!.quality).toMatchObject({ meanShare: 0.75 });
  });

  test('the run summary, the leaderboard and an instance page show it', () => {
    const summary = formatRunSummary('careful', 1, summarizeRun(careful), [], 'r.json');
    expect(summary).toMatch(/execution quality 75\.0% over 2, left on the table \$5\.00/);
    const lb = buildLeaderboard([result('careful', careful), result('naive', naive)]);
    const text = formatLeaderboard(lb);
    expect(text).toContain('Exec quality');
    expect(text).toMatch(/left on the table \$5\.00/);
    expect(sortLeaderboard(lb, 'left').rows.map((r) => r.key)).toEqual(['careful', 'naive']);
    expect(sortLeaderboard(lb, 'quality').rows.map((r) => r.key)).toEqual(['careful', 'naive']);
    expect(qualityBlock(careful[1]!.quality!)).toMatch(
      /quality <b>50\.0 %<\/b> · 20\/40 points · wallet .*\$1,005\.00.* · naive \$1,000\.00 · optimum \$1,010\.00 · left on the table .*\$5\.00/,
    );
    expect(instanceMarkdown(careful[1]!)).toMatch(
      /Execution quality 50\.0% \(20\/40 points\): wallet \$1,005\.00 · naive \$1,000\.00 · optimum \$1,010\.00 · left on the table \$5\.00/,
    );
  });
});

describe('a task with a quality part', () => {
  const json = {
    id: 'hard_execution_demo',
    category: 'defi_operations',
    subcategory: 'split',
    difficulty: 'hard',
    title: 'Sell a large order',
    hazard: 'execution',
    note: 'A single pool pays less than a split for a large order.',
    expects: 'action',
    mechanisms: ['split_order'],
    kind: 'transaction',
    templates: [
      'Sell {amount} BNB for as much USDT as possible.',
      'Sell {amount} BNB for the most USDT.',
      'Get the most USDT for {amount} BNB.',
    ],
    parameters: { amount: { kind: 'amount', min: '1', max: '2', decimals: 2 } },
    quality: { weight: 40 },
  };
  const checks = (weight: number) => [{ name: 'swapped', weight, verify: () => true }];
  const value = () => 0;
  const validator = defineValidator({
    kind: 'transaction',
    target: () => '0x0000000000000000000000000000000000000001',
    checks: checks(60),
    quality: { value, optimum: value },
  });

  test('the schema: an execution task, and only one, states its quality weight', () => {
    expect(HardAtomicTask.safeParse(json).success).toBe(true);
    expect(HardAtomicTask.safeParse({ ...json, quality: undefined }).success).toBe(false);
    expect(HardAtomicTask.safeParse({ ...json, hazard: 'units' }).success).toBe(false);
  });

  test('assembling checks the weights against the validator and needs the naive execution', () => {
    const declared = { split: 'hard' as const, protocol: 'atomic' as const, spec: HardAtomicTask.parse(json) };
    const modules = { validator, reference: 'export async function executeSkill() {}', naive: 'export async function executeSkill() {}' };
    expect(assembleTask('t.json', declared, modules, 't.json')).toMatchObject({ naive: modules.naive });
    expect(() => assembleTask('t.json', declared, { ...modules, naive: undefined }, 't.json')).toThrow(/naive execution/);
    const off = defineValidator({ kind: 'transaction', target: validator.target!, checks: checks(70), quality: { value, optimum: value } });
    expect(() => assembleTask('t.json', declared, { ...modules, validator: off }, 't.json')).toThrow(/sum to 70 and quality.weight is 40/);
    const plain = defineValidator({ kind: 'transaction', target: validator.target!, checks: checks(100) });
    expect(() => assembleTask('t.json', declared, { ...modules, validator: plain }, 't.json')).toThrow(/needs quality/);
  });

  test("a validator with a quality part leaves room for it in the checks' weights", () => {
    expect(() =>
      defineValidator({ kind: 'transaction', target: validator.target!, checks: checks(100), quality: { value, optimum: value } }),
    ).toThrow(/100 less the task's quality weight/);
  });
});
