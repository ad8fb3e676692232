// A pool an instance places for its own token is gone after the chain's reset: the cost accounting of
// the next instances, whatever task they play, must not read it. (It once kept every V3 pool it had
// found for the session, so an instance after one that launched a pool failed with "slot0 returned no
// data", or not, depending on which instance had run before it.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTask } from '../src/instance/task.ts';
import { openTestSession } from './helpers/session.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());

test('after an instance that launched its own V3 pool, the next instances are costed as on a fresh session', async () => {
  const launcher = await loadTask('tasks/hard/pancake_v3/hard_pancake_v3_taxed_token_best_route.json');
  const others = await Promise.all(
    ['tasks/hard/units/hard_units_pay_exact.json', 'tasks/hard/slippage_attack/hard_slippage_attack_v3_exact_input.json'].map((f) =>
      loadTask(f),
    ),
  );
  const run = (task: typeof launcher) =>
    runInstance({
      task,
      round: 1,
      runSeed: 3,
      rounds: 1,
      session: t.session,
      model: referenceFor(task, t.session),
      scriptTimeoutMs: 20_000,
    });
  const fresh = [];
  for (const task of others) fresh.push(await run(task));
  const first = await run(launcher);
  expect(first.riskError).toBeUndefined();
  for (const [i, task] of others.entries()) {
    const after = await run(task);
    expect(after.riskError, task.id).toBeUndefined();
    const { ms: _a, ...figures } = after.risk!;
    const { ms: _b, ...was } = fresh[i]!.risk!;
    expect(figures, task.id).toEqual(was);
  }
});
