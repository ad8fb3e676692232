// The run's dispatcher and planner: instances in flight capped for the run as a whole, a test's own
// instance claimed, waited for or reported, lost leases given back, reruns not served stale results.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { PlannedInstance } from '../../src/plugin/control.ts';
import { Dispatcher } from '../../src/plugin/dispatcher.ts';
import { resolveConfig } from '../../src/plugin/config.ts';
import { planRun, planSpecification } from '../../src/plugin/planner.ts';
import type { InstanceRecord } from '../../src/results/record.ts';

const plan = (ids: string[], rounds = 1): PlannedInstance[] =>
  ids.flatMap((id) =>
    Array.from({ length: rounds }, (_, i) => ({
      key: `atomic/${id}/${i + 1}`,
      split: 'atomic' as const,
      taskId: id,
      round: i + 1,
      file: `/t/${id}.json`,
    })),
  );
const record = (taskId: string) => ({ taskId, score: 100 }) as unknown as InstanceRecord;

describe('Dispatcher', () => {
  test('the cap holds for background slots and tests alike; a test at the cap goes to the front of the queue', async () => {
    const d = new Dispatcher(2);
    d.setPlan('atomic', plan(['a', 'b', 'c', 'd']));
    expect(d.lease('w1')?.taskId).toBe('a');
    expect(d.lease('w2')?.taskId).toBe('b');
    expect(d.lease('w1')).toBeUndefined();
    expect(d.inFlight).toBe(2);
    // d's test arrives while two are in flight: it waits, first in line.
    expect(d.claim('atomic/d/1', 'w1')).toEqual({ action: 'wait' });
    const waiting = d.wait('atomic/d/1');
    d.done('atomic/a/1', 'w1', record('a'));
    expect(d.lease('w2')?.taskId).toBe('d');
    expect(d.lease('w2')).toBeUndefined();
    d.done('atomic/d/1', 'w2', record('d'));
    expect(await waiting).toEqual(record('d'));
    // Below the cap a test runs its own instance at once.
    expect(d.claim('atomic/c/1', 'w1')).toEqual({ action: 'run' });
    d.close();
  });

  test('an instance a background slot could not load runs in its own test, even at the cap', () => {
    const d = new Dispatcher(1);
    d.setPlan('atomic', plan(['a', 'b']));
    d.lease('bg');
    d.release('atomic/a/1', 'bg');
    d.lease('bg'); // b: the run is at its cap again
    expect(d.claim('atomic/a/1', 'w')).toEqual({ action: 'run' });
    d.close();
  });

  test('a test waits for an instance running elsewhere and reports a finished one', async () => {
    const d = new Dispatcher(4);
    d.setPlan('atomic', plan(['a']));
    d.lease('bg');
    expect(d.claim('atomic/a/1', 'w')).toEqual({ action: 'wait' });
    const waiting = d.wait('atomic/a/1');
    d.done('atomic/a/1', 'bg', record('a'));
    expect(await waiting).toEqual(record('a'));
    expect(d.claim('atomic/a/1', 'w')).toEqual({ action: 'done', record: record('a') });
    d.close();
  });

  test('the cap holds across the projects of the run', () => {
    const d = new Dispatcher(2);
    d.setPlan('atomic', plan(['a', 'b']));
    d.setPlan('composite', [{ key: 'composite/x/1', split: 'composite', taskId: 'x', round: 1, file: '/t/x.json', weight: 4 }]);
    expect(d.lease('w')?.taskId).toBe('x');
    expect(d.lease('w')?.taskId).toBe('a');
    expect(d.lease('w')).toBeUndefined();
    d.close();
  });

  test('a released or expired lease sends its waiting test back to claim it', async () => {
    vi.useFakeTimers();
    try {
      const d = new Dispatcher(4);
      d.setPlan('atomic', plan(['a', 'b']));
      d.lease('bg');
      const w = d.wait('atomic/a/1');
      d.release('atomic/a/1', 'bg');
      expect(await w).toBeUndefined();
      expect(d.claim('atomic/a/1', 'test')).toEqual({ action: 'run' });
      d.done('atomic/a/1', 'test', record('a'));
      // A worker that stops beating loses its leases after the TTL.
      d.lease('dead');
      const w2 = d.wait('atomic/b/1');
      vi.advanceTimersByTime(30_000);
      expect(await w2).toBeUndefined();
      d.close();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a rerun replaces the plan: earlier results and late records are dropped', () => {
    const d = new Dispatcher(4);
    d.setPlan('atomic', plan(['a']));
    d.lease('bg');
    d.setPlan('atomic', plan(['a']));
    d.done('atomic/a/1', 'bg', record('a')); // from the first run: ignored
    expect(d.claim('atomic/a/1', 'w')).toEqual({ action: 'run' });
    d.done('atomic/a/1', 'w', record('a'));
    d.setPlan('atomic', plan(['a']));
    expect(d.claim('atomic/a/1', 'w')).toEqual({ action: 'run' });
    d.close();
  });

  test('whenLeasable resolves when work can be handed out', async () => {
    const d = new Dispatcher(1);
    d.setPlan('atomic', plan(['a', 'b']));
    d.lease('w');
    let woke = false;
    const p = d.whenLeasable(10_000).then(() => (woke = true));
    await Promise.resolve();
    expect(woke).toBe(false);
    d.done('atomic/a/1', 'w', record('a'));
    await p;
    expect(woke).toBe(true);
    d.close();
  });

  test('the longest chains of model calls are handed out first, from any project of the run', () => {
    const d = new Dispatcher(8);
    // The heavy plan is set neither first nor last: handing out in the order plans were set (or the
    // reverse) would start with 'a' (or 'b'); only ordering by weight starts with 'x'.
    d.setPlan('atomic', plan(['a']));
    d.setPlan('composite', [{ key: 'composite/x/1', split: 'composite', taskId: 'x', round: 1, file: '/t/x.json', weight: 5 }]);
    d.setPlan('own', plan(['b']));
    expect(d.lease('w')?.taskId).toBe('x');
    expect(d.lease('w')?.taskId).toBe('a');
    d.close();
  });
});

describe('planner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-plan-'));
  const file = join(dir, 'tasks', 'atomic', 'x');
  mkdirSync(file, { recursive: true });
  const taskFile = join(file, 'erc20_approve.json');
  writeFileSync(taskFile, readFileSync('tasks/atomic/erc20_operations/erc20_approve.json', 'utf8'));

  test('every round of a task, less what a name filter leaves out', () => {
    expect(planSpecification(taskFile, 3, {}).map((p) => p.key)).toEqual([
      'atomic/erc20_approve/1',
      'atomic/erc20_approve/2',
      'atomic/erc20_approve/3',
    ]);
    expect(planSpecification(taskFile, 3, { pattern: /round 2$/ }).map((p) => p.round)).toEqual([2]);
    expect(planSpecification(taskFile, 3, { names: ['erc20_approve · round 3'] }).map((p) => p.round)).toEqual([3]);
    expect(planSpecification(taskFile, 3, { narrowed: true })).toEqual([]);
    expect(planSpecification(taskFile, 2, { pattern: /^other_task/ })).toEqual([]);
  });

  test('a composite instance weighs its plan, its K_opt rounds and its submit', () => {
    const dirC = join(dir, 'tasks', 'composite');
    mkdirSync(dirC, { recursive: true });
    const f = join(dirC, 'composite_wrap_unwrap_cycle.json');
    writeFileSync(f, readFileSync('tasks/composite/composite_wrap_unwrap_cycle.json', 'utf8'));
    const kOpt = (JSON.parse(readFileSync(f, 'utf8')) as { workflow: { optimalSteps: number } }).workflow.optimalSteps;
    expect(planSpecification(f, 1, {})).toEqual([
      {
        key: 'composite/composite_wrap_unwrap_cycle/1',
        split: 'composite',
        taskId: 'composite_wrap_unwrap_cycle',
        round: 1,
        file: f,
        weight: kOpt + 2,
      },
    ]);
  });

  test('a broken task file is left to its own test', () => {
    const broken = join(file, 'broken.json');
    writeFileSync(broken, '{ "id": ');
    expect(planSpecification(broken, 1, {})).toEqual([]);
  });

  test('only benchmark projects are planned, each with its own rounds', () => {
    const spec = (name: string, provide: Record<string, unknown> | undefined) => ({
      moduleId: taskFile,
      project: { name, config: { provide } },
    });
    const plans = planRun(
      [
        spec('atomic', { questbenchConfig: { config: resolveConfig({ rounds: 2 }, {}) } }),
        spec('broken', { questbenchConfig: { error: 'QUEST_ROUNDS: too big' } }),
        spec('unit', undefined),
      ],
      undefined,
    );
    expect([...plans.keys()]).toEqual(['atomic']);
    expect(plans.get('atomic')!.map((p) => p.key)).toEqual(['atomic/erc20_approve/1', 'atomic/erc20_approve/2']);
    expect(plans.get('atomic')!.map((p) => p.weight)).toEqual([1, 1]);
  });
});
