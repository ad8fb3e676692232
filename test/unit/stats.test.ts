import { describe, expect, it } from 'vitest';
import {
  cv,
  mean,
  passCount,
  pearson,
  percentile,
  rankWithTies,
  regularizedIncompleteBeta,
  sampleSd,
  spearman,
  spearmanStability,
  standardError,
  studentTCdf,
  studentTQuantile,
  summarize,
} from '../../src/stats/index.ts';

describe('descriptive statistics', () => {
  it('mean, sample SD and SE on a hand case', () => {
    // [2,4,4,4,5,5,7,9]: mean 5, squared deviations sum to 32, so sd = √(32/7).
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(xs)).toBe(5);
    expect(sampleSd(xs)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(standardError(xs)).toBeCloseTo(Math.sqrt(32 / 7) / Math.sqrt(8), 12);
  });

  it('uses n − 1 and leaves the spread of one value undefined (NaN), as for none', () => {
    expect(sampleSd([1, 3])).toBeCloseTo(Math.SQRT2, 12); // deviations ±1 → √(2/1)
    expect(sampleSd([42])).toBeNaN();
    expect(standardError([42])).toBeNaN();
    expect(cv([42])).toBeNaN();
    expect(mean([])).toBeNaN();
    expect(sampleSd([])).toBeNaN();
  });

  it('cv is a percentage and 0 for a zero mean', () => {
    // mean 20, sd = √((100+0+100)/2) = 10 → 50 %.
    expect(cv([10, 20, 30])).toBeCloseTo(50, 12);
    expect(cv([-1, 0, 1])).toBe(0);
    expect(cv([0, 0, 0])).toBe(0);
    expect(cv([7, 7, 7])).toBe(0);
  });

  it('passCount counts scores at or above the threshold', () => {
    expect(passCount([59.9, 60, 61, 100, 0])).toBe(3);
    expect(passCount([10, 50, 90], 50)).toBe(2);
    expect(passCount([])).toBe(0);
  });

  it('percentile interpolates linearly between order statistics', () => {
    // Sorted [15,20,35,40,50]; position = (n−1)·p/100 = 4·p/100.
    const xs = [40, 15, 50, 35, 20];
    expect(percentile(xs, 0)).toBe(15);
    expect(percentile(xs, 25)).toBe(20); // position 1
    expect(percentile(xs, 40)).toBeCloseTo(29, 12); // position 1.6 → 20 + 0.6·15
    expect(percentile(xs, 50)).toBe(35); // median
    expect(percentile(xs, 90)).toBeCloseTo(46, 12); // position 3.6 → 40 + 0.6·10
    expect(percentile(xs, 100)).toBe(50);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([7], 33)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile(xs, 101)).toThrow(RangeError);
    expect(() => percentile(xs, -1)).toThrow(RangeError);
    expect(xs).toEqual([40, 15, 50, 35, 20]); // input left unsorted
  });
});

describe('Student-t distribution', () => {
  it.each([
    [0.975, 4, 2.776445],
    [0.975, 1, 12.706205],
    [0.975, 9, 2.262157],
    [0.975, 30, 2.042272],
    [0.995, 4, 4.604095],
    [0.975, 1000, 1.962339],
    // Non-integer degrees of freedom (reference values from scipy.stats.t.ppf).
    [0.975, 2.5, 3.574655],
    [0.9, 7.3, 1.408922],
  ])('quantile(%f, df=%f) = %f', (p, df, expected) => {
    expect(Math.abs(studentTQuantile(p, df) - expected)).toBeLessThan(1e-6);
  });

  it('quantile is antisymmetric and handles the ends of [0, 1]', () => {
    expect(studentTQuantile(0.025, 4)).toBeCloseTo(-studentTQuantile(0.975, 4), 10);
    expect(studentTQuantile(0.5, 3.3)).toBe(0);
    expect(studentTQuantile(0, 5)).toBe(Number.NEGATIVE_INFINITY);
    expect(studentTQuantile(1, 5)).toBe(Number.POSITIVE_INFINITY);
    expect(studentTQuantile(1.2, 5)).toBeNaN();
    expect(studentTQuantile(0.9, 0)).toBeNaN();
  });

  it('matches the closed forms for df = 1 and df = 2', () => {
    for (const t of [-7, -1.3, 0, 0.4, 2, 25]) {
      // df = 1 is the Cauchy distribution; df = 2 has F(t) = ½ + t / (2√(2 + t²)).
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 12);
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 12);
    }
    for (const p of [0.01, 0.3, 0.8, 0.999]) {
      expect(studentTQuantile(p, 2)).toBeCloseTo((2 * p - 1) / Math.sqrt(2 * p * (1 - p)), 9);
    }
  });

  it('quantile inverts the CDF for fractional df', () => {
    for (const df of [1.5, 3.7, 12.25]) {
      for (const p of [0.001, 0.2, 0.6, 0.95, 0.9999]) {
        expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 10);
      }
    }
  });

  it('incomplete beta reduces to x^a when b = 1', () => {
    expect(regularizedIncompleteBeta(0.3, 2.5, 1)).toBeCloseTo(0.3 ** 2.5, 12);
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
  });
});

describe('summarize', () => {
  it('reproduces the 95% CI [8020, 8452] for 5 rounds with mean 8236 and SD 174', () => {
    // A zero-mean vector scaled to SD 174 and shifted to mean 8236.
    const base = [-2, -1, 0, 1, 2];
    const scale = 174 / sampleSd(base);
    const rounds = base.map((v) => 8236 + v * scale);
    const s = summarize(rounds);
    expect(s.n).toBe(5);
    expect(s.mean).toBeCloseTo(8236, 9);
    expect(s.sd).toBeCloseTo(174, 9);
    expect(s.se).toBeCloseTo(174 / Math.sqrt(5), 9);
    expect(s.t.toFixed(3)).toBe('2.776');
    // halfWidth = 2.776445 · 174/√5 ≈ 216.05
    expect(Math.round(s.ciLow)).toBe(8020);
    expect(Math.round(s.ciHigh)).toBe(8452);
    expect(s.halfWidth).toBeCloseTo(216.05, 2);
    expect(s.cvPercent).toBeCloseTo((100 * 174) / 8236, 9);
  });

  it('honours the confidence level', () => {
    const s = summarize([1, 2, 3, 4, 5], 0.99);
    expect(s.t).toBeCloseTo(4.604095, 6);
    expect(s.halfWidth).toBeCloseTo(4.604095 * (Math.sqrt(2.5) / Math.sqrt(5)), 5);
    expect(() => summarize([1, 2], 1)).toThrow(RangeError);
  });

  it('gives only the mean for one value: no SD, no interval, no CV', () => {
    const s = summarize([70]);
    expect(s).toMatchObject({ n: 1, mean: 70 });
    for (const k of ['sd', 'se', 'ciLow', 'ciHigh', 'halfWidth', 't', 'cvPercent'] as const) expect(s[k], k).toBeNaN();
  });

  it('gives a zero-width interval for identical rounds', () => {
    const s = summarize([80, 80, 80]);
    expect(s.halfWidth).toBe(0);
    expect([s.ciLow, s.ciHigh]).toEqual([80, 80]);
  });

  it('is all NaN for an empty sample', () => {
    const s = summarize([]);
    expect(s.n).toBe(0);
    expect(s.mean).toBeNaN();
    expect(s.ciLow).toBeNaN();
  });
});

describe('ranks and Spearman', () => {
  it('averages tied ranks', () => {
    expect(rankWithTies([10, 20, 20, 30, 30, 30])).toEqual([1, 2.5, 2.5, 5, 5, 5]);
    expect(rankWithTies([30, 10, 20, 10])).toEqual([4, 1.5, 3, 1.5]);
    expect(rankWithTies([5, 5, 5])).toEqual([2, 2, 2]);
    expect(rankWithTies([Infinity, -Infinity, 0])).toEqual([3, 1, 2]);
    expect(rankWithTies([])).toEqual([]);
    expect(() => rankWithTies([1, Number.NaN])).toThrow(RangeError);
  });

  it('handles ties in x exactly', () => {
    // x=[1,2,2,3] → ranks [1,2.5,2.5,4]; y=[1,3,2,4] → ranks [1,3,2,4]; both average 2.5.
    // Deviations dx=[-1.5,0,0,1.5], dy=[-1.5,0.5,-0.5,1.5]:
    // Σdx·dy = 4.5, Σdx² = 4.5, Σdy² = 5 → rho = 4.5/√22.5 = 3/√10 ≈ 0.948683.
    // (The no-ties shortcut 1 − 6Σd²/(n(n²−1)) would give 0.95 instead.)
    // p: t = rho·√(2/(1−0.9)) = 3√2 with df 2, where P(|T|>t) = 1 − t/√(2+t²) = 1 − 3/√10.
    const r = spearman([1, 2, 2, 3], [1, 3, 2, 4]);
    expect(r.n).toBe(4);
    expect(r.rho).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(r.pValue).toBeCloseTo(1 - 3 / Math.sqrt(10), 9);
  });

  it('gives ±1 with p = 0 for monotone relations', () => {
    const up = spearman([1, 2, 3, 4, 5], [10, 20, 25, 100, 1000]);
    expect(up.rho).toBe(1);
    expect(up.pValue).toBe(0);
    const down = spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, -100]);
    expect(down.rho).toBe(-1);
    expect(down.pValue).toBe(0);
  });

  it('matches a known rho and p-value without ties', () => {
    // Σd² = 16 over n = 10 → rho = 1 − 6·16/990 = 0.903030…; scipy.stats.spearmanr gives p = 3.436122e-4.
    const r = spearman([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 1, 4, 3, 7, 5, 6, 10, 8, 9]);
    expect(r.rho).toBeCloseTo(1 - (6 * 16) / 990, 12);
    expect(r.pValue).toBeCloseTo(3.436122e-4, 9);
  });

  it('matches a reference with ties in both vectors', () => {
    // scipy.stats.spearmanr reference: rho = 0.198854, p = 0.636862.
    const r = spearman([3, 1, 4, 1, 5, 9, 2, 6], [2, 7, 1, 8, 2, 8, 1, 8]);
    expect(r.rho).toBeCloseTo(0.19885368, 7);
    expect(r.pValue).toBeCloseTo(0.63686178, 6);
  });

  it('is NaN for constant vectors and tiny samples', () => {
    const flat = spearman([3, 3, 3], [1, 2, 3]);
    expect(flat.rho).toBeNaN();
    expect(flat.pValue).toBeNaN();
    const two = spearman([1, 2], [2, 1]);
    expect(two.rho).toBe(-1);
    expect(two.pValue).toBeNaN();
    expect(() => spearman([1, 2], [1])).toThrow(RangeError);
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
  });

  it('spearmanStability treats identical rounds as perfectly stable', () => {
    expect(spearmanStability([100, 100, 100], [100, 100, 100])).toBe(1);
    expect(spearmanStability([1, 2, 3], [1, 2, 3])).toBe(1);
    expect(spearmanStability([4], [4])).toBe(1);
    // Different constant rounds have no ordering to compare.
    expect(spearmanStability([100, 100, 100], [90, 90, 90])).toBeNaN();
    expect(spearmanStability([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(spearmanStability([], [])).toBeNaN();
  });
});
