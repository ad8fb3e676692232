import { describe, expect, it } from 'vitest';
import { passHatEstimate, reliability, reliabilityBySplit, type RoundOutcome } from '../../src/stats/index.ts';

/** Outcomes of one task over rounds 1..n from a pass pattern such as "PPF". */
const task = (taskId: string, pattern: string, split = 'atomic'): RoundOutcome[] =>
  [...pattern].map((c, i) => ({ taskId, split, round: i + 1, passed: c === 'P' }));

describe('pass^k and flaky tasks', () => {
  it('pass^k is the share of tasks passed in every round; pass@1 the mean pass rate', () => {
    // a: 3/3, b: 2/3 (flaky), c: 0/3, d: 3/3 → pass^3 = 2/4, pass@1 = (1 + 2/3 + 0 + 1) / 4.
    const r = reliability([...task('a', 'PPP'), ...task('b', 'PFP'), ...task('c', 'FFF'), ...task('d', 'PPP')]);
    expect(r.rounds).toBe(3);
    expect(r.tasks).toBe(4);
    expect(r.passHatK).toBe(0.5);
    expect(r.passAt1).toBeCloseTo((1 + 2 / 3 + 0 + 1) / 4, 12);
    expect(r.flaky).toBe(1);
    expect(r.perTask.filter((t) => t.flaky).map((t) => t.taskId)).toEqual(['b']);
    expect(r.perTask.find((t) => t.taskId === 'c')).toMatchObject({ passes: 0, passedAll: false, flaky: false });
  });

  it('a task failed in every round is not flaky, nor one passed in every round', () => {
    const r = reliability([...task('a', 'FFFFF'), ...task('b', 'PPPPP')]);
    expect(r.flaky).toBe(0);
    expect(r.passHatK).toBe(0.5);
  });

  it('one round leaves pass^k undefined (null, never 0) and marks nothing flaky', () => {
    const r = reliability([...task('a', 'P'), ...task('b', 'F')]);
    expect(r.rounds).toBe(1);
    expect(r.passHatK).toBeNull();
    expect(r.passAt1).toBe(0.5);
    expect(r.flaky).toBe(0);
  });

  it('no outcomes: pass@1 NaN, pass^k null', () => {
    const r = reliability([]);
    expect(r.passAt1).toBeNaN();
    expect(r.passHatK).toBeNull();
    expect(r.tasks).toBe(0);
  });

  it('a task missing rounds is left out of pass^k, not counted as failed; it still counts for pass@1 and can be flaky', () => {
    // k = 3 from the run; b ran only rounds 1 and 3 (an interrupted run), passing one of them.
    const outcomes = [
      ...task('a', 'PPP'),
      { taskId: 'b', split: 'atomic', round: 1, passed: true },
      { taskId: 'b', split: 'atomic', round: 3, passed: false },
    ];
    const r = reliability(outcomes, { rounds: 3 });
    expect(r.completeTasks).toBe(1);
    expect(r.passHatK).toBe(1);
    expect(r.perTask.find((t) => t.taskId === 'b')).toMatchObject({ rounds: 2, incomplete: true, flaky: true });
    expect(r.passAt1).toBeCloseTo((1 + 0.5) / 2, 12);
  });

  it('k inferred from the data is the most rounds any task has', () => {
    const r = reliability([...task('a', 'PP'), ...task('b', 'P')]);
    expect(r.rounds).toBe(2);
    expect(r.completeTasks).toBe(1);
    expect(r.passHatK).toBe(1);
  });

  it("the same task id in two splits is two tasks; per split k stays the run's", () => {
    const outcomes = [...task('t', 'PP', 'atomic'), ...task('t', 'PF', 'composite')];
    expect(reliability(outcomes).tasks).toBe(2);
    const by = reliabilityBySplit(outcomes);
    expect(by.atomic).toMatchObject({ rounds: 2, passHatK: 1, flaky: 0 });
    expect(by.composite).toMatchObject({ rounds: 2, passHatK: 0, flaky: 1 });
  });

  it('rejects a round reported twice and a bad k', () => {
    expect(() => reliability([...task('a', 'P'), ...task('a', 'F')])).toThrow(RangeError);
    expect(() => reliability(task('a', 'P'), { rounds: 0 })).toThrow(RangeError);
    expect(() => reliability(task('a', 'P'), { rounds: 1.5 })).toThrow(RangeError);
  });

  it('passHatEstimate is C(c, j) / C(n, j)', () => {
    expect(passHatEstimate(5, 5, 5)).toBe(1);
    expect(passHatEstimate(5, 4, 5)).toBe(0);
    expect(passHatEstimate(5, 4, 1)).toBeCloseTo(0.8, 12);
    expect(passHatEstimate(5, 4, 2)).toBeCloseTo(6 / 10, 12); // C(4,2)/C(5,2)
    expect(passHatEstimate(5, 3, 3)).toBeCloseTo(1 / 10, 12); // C(3,3)/C(5,3)
    expect(() => passHatEstimate(3, 4, 2)).toThrow(RangeError);
    expect(() => passHatEstimate(3, 2, 4)).toThrow(RangeError);
    expect(() => passHatEstimate(3, 2, 0)).toThrow(RangeError);
  });

  it('with more rounds than k, pass^k is the unbiased estimate over k of them', () => {
    // 5 rounds, 4 passes, k = 3: C(4,3)/C(5,3) = 4/10.
    const r = reliability(task('a', 'PPPFP'), { rounds: 3 });
    expect(r.passHatK).toBeCloseTo(0.4, 12);
  });
});
