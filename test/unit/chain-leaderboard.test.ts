// A leaderboard of two models on two chains, from run files as a CI matrix writes them: a row per model and
// chain, a Chain column, each model's score per chain over the tasks both chains ran, and the families
// where the scores part (a skill that does not carry over), largest first.
import { describe, expect, test } from 'vitest';
import { leaderboardHtml } from '../../src/results/html.ts';
import { buildLeaderboard, formatLeaderboard } from '../../src/results/leaderboard.ts';
import { chainOf, runLabel, type InstanceRecord } from '../../src/results/record.ts';
import { buildRunResult } from '../../src/results/summary.ts';

const CHAINS = {
  bsc: { mode: 'mirror' as const, profile: 'bsc', chainId: 56, blockNumber: 58 },
  base: { mode: 'mirror' as const, profile: 'base', chainId: 8453, blockNumber: 58 },
};

function rec(model: string, chain: keyof typeof CHAINS, taskId: string, subcategory: string, score: number): InstanceRecord {
  return {
    taskId,
    split: 'atomic',
    round: 1,
    seed: 1,
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
    chain: CHAINS[chain],
    runSeed: 1,
    rounds: 1,
    subcategory,
  };
}

// Base carries three of the four tasks; model "units" gets the stablecoin's decimals wrong on Base only.
const TASKS = [
  ['send', 'native_transfer'],
  ['pay_usdt', 'erc20_operations'],
  ['swap', 'pancakeswap_swaps'],
  ['stake', 'staking'],
] as const;
function run(model: string, chain: keyof typeof CHAINS, scoreOf: (task: string) => number) {
  const tasks = chain === 'base' ? TASKS.filter(([t]) => t !== 'stake') : TASKS;
  const records = tasks.map(([t, sub]) => rec(model, chain, t, sub, scoreOf(t)));
  return buildRunResult(records, { id: `${model}-${chain}`, model, seed: 1, rounds: 1, startedAt: '', finishedAt: '' });
}

const matrix = [
  run('careful', 'bsc', () => 100),
  run('careful', 'base', () => 100),
  run('units', 'bsc', () => 100),
  run('units', 'base', (t) => (t === 'pay_usdt' ? 0 : t === 'swap' ? 40 : 100)),
];

describe('a leaderboard over models × chains', () => {
  test('each model on each chain is a row of its own, BSC rows keeping their old names', () => {
    const lb = buildLeaderboard(matrix);
    const rows = Object.fromEntries(lb.rows.map((r) => [r.key, r.chain]));
    expect(rows).toEqual({ careful: 'bsc', 'careful · base': 'base', units: 'bsc', 'units · base': 'base' });
    expect(runLabel(matrix[0]!.run)).toBe('careful');
    expect(chainOf({})).toBe('bsc');
  });

  test('per chain, over the tasks both chains ran, with the families that part most', () => {
    const gaps = buildLeaderboard(matrix).chainGaps;
    expect(gaps.map((g) => g.model)).toEqual(['careful', 'units']);
    const units = gaps.find((g) => g.model === 'units')!;
    // stake ran on BSC alone: left out, so the chains compare the same three tasks.
    expect(units.sharedTasks).toBe(3);
    expect(units.chains).toEqual([
      { chain: 'bsc', rowKey: 'units', meanScore: 100, instances: 3 },
      { chain: 'base', rowKey: 'units · base', meanScore: 140 / 3, instances: 3 },
    ]);
    expect(units.families.map((f) => [f.family, f.gap])).toEqual([
      ['erc20_operations', 100],
      ['pancakeswap_swaps', 60],
      ['native_transfer', 0],
    ]);
    expect(gaps.find((g) => g.model === 'careful')!.families.every((f) => f.gap === 0)).toBe(true);
  });

  test('the table gets a Chain column, and the text and page a per-chain section', () => {
    const lb = buildLeaderboard(matrix);
    const text = formatLeaderboard(lb);
    expect(text.split('\n')[0]).toMatch(/^Rank\s+Model\s+Protocol\s+Chain\s/);
    expect(text).toContain(
      'units: bsc 100.0 · base 46.7 over 3 tasks | widest gaps: erc20_operations bsc 100.0 / base 0.0; pancakeswap_swaps',
    );
    expect(text).toContain('careful: bsc 100.0 · base 100.0 over 3 tasks | no family differs');
    const html = leaderboardHtml(lb);
    expect(html).toContain('<th title="the chain profile the runs played on (QUEST_CHAIN)">Chain</th>');
    expect(html).toContain('<section id="chains"><h2>Per chain</h2>');
  });

  test('runs of BSC alone read as they always have: no Chain column, no per-chain section', () => {
    const lb = buildLeaderboard([matrix[0]!, matrix[2]!]);
    expect(lb.chainGaps).toEqual([]);
    expect(formatLeaderboard(lb)).not.toMatch(/Chain|Per chain/);
    expect(leaderboardHtml(lb)).not.toContain('id="chains"');
  });
});
