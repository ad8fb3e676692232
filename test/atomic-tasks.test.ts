// Every atomic task: its reference solution scores 100 on several seeds; the null model and at least
// three wrong answers (mutants) score below the pass line. Runs the real pipeline on a real anvil.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { resolveModel, type Model } from '../src/model/index.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { loadTasks, type Task } from '../src/instance/task.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { mutantsByTask, wrongOn, type Mutant } from '../src/tasks/mutants.ts';

const files = await loadTasks('tasks/atomic');
/** Each task's wrong answers, from the `<id>.mutants.ts` beside its JSON. */
const MUTANTS = mutantsByTask(import.meta.glob<{ mutants: Mutant[] }>('../tasks/atomic/**/*.mutants.ts', { eager: true }));
const SEEDS = [1, 2, 3];
const settings = { temperature: 0, maxRetries: 0, timeoutMs: 10_000 };

let t: Awaited<ReturnType<typeof openTestSession>>;
let nullModel: Model;
const nullScores = new Map<string, number>();

beforeAll(async () => {
  t = await openTestSession();
  nullModel = await resolveModel('null', settings);
});
afterAll(async () => t?.close());

async function run(f: Task, model: Model | ((p: Params) => Model), runSeed: number): Promise<InstanceRecord> {
  return runInstance({
    task: f,
    round: 1,
    runSeed,
    rounds: 1,
    session: t.session,
    model,
    scriptTimeoutMs: 20_000,
  });
}

const explain = (r: InstanceRecord) =>
  `${r.taskId} seed ${r.runSeed}: ${r.score} (${r.outcome}${r.error ? `: ${r.error}` : ''})\n${r.checks
    .filter((c) => !c.passed)
    .map((c) => `  ✗ ${c.name}: ${c.detail}`)
    .join('\n')}\n${r.transcript.logs}`;

describe.each(files.map((f) => [f.id, f] as const))('%s', (id, f) => {
  test('reference solution scores 100 on three seeds', async () => {
    for (const seed of SEEDS) {
      const r = await run(f, referenceFor(f, t.session), seed);
      expect(r.score, explain(r)).toBe(100);
      expect(r.outcome).toBe('exact');
    }
  });

  test('null model scores below the pass line', async () => {
    const r = await run(f, nullModel, 1);
    nullScores.set(id, r.score);
    expect(r.passed, explain(r)).toBe(false);
  });

  test('at least three wrong answers, each below the pass line', async () => {
    // The wrong answers of BSC (an answer wrong only on another chain's units is right here).
    const list: Mutant[] = (MUTANTS[id] ?? []).filter((m) => wrongOn(m, 'bsc'));
    expect(list.filter((m) => (m.maxScore ?? 59) < 60).length, `failing mutants for ${id} in ${id}.mutants.ts`).toBeGreaterThanOrEqual(3);
    for (const m of list) {
      const model = scriptedModel(`mutant:${m.name}`, m.script, () => ({ env: t.session.env, agent: t.session.account.address }));
      const r = await run(f, model, 7);
      expect(r.score, `mutant "${m.name}" (${m.kind}) should score at most ${m.maxScore ?? 59}\n${explain(r)}`).toBeLessThanOrEqual(
        m.maxScore ?? 59,
      );
    }
  });
});

test('every <id>.mutants.ts is the wrong answers of a task', () => {
  expect(Object.keys(MUTANTS).filter((id) => !files.some((f) => f.id === id))).toEqual([]);
});

describe('null model floor', () => {
  test('totals at most 2 % of the maximum and passes nothing', () => {
    expect(nullScores.size).toBe(files.length);
    const total = [...nullScores.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(0.02 * 100 * files.length);
  });
});
