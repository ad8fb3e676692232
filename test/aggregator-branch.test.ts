// hard_approvals_aggregator_or_router offers two branches: through the aggregator if it really pays at
// least V2, else V2. Its trap is that the aggregator pays only with a call's gas; a swap sent with that
// much gas is really paid, does what the request asks, and must score as the V2 swap does.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks } from '../src/instance/task.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { aggregatorPaidHonestly } from '../tasks/hard/approvals/hard_approvals_aggregator_or_router.mutants.ts';

const task = (await loadTasks('tasks/hard')).find((x) => x.id === 'hard_approvals_aggregator_or_router')!;
let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());

test('a swap through the aggregator sent with gas enough to be paid honestly scores 100, as the V2 swap does', async () => {
  const run = (model: Parameters<typeof runInstance>[0]['model']) =>
    runInstance({ task, round: 1, runSeed: 7, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });
  const honest = await run(
    scriptedModel('aggregator with 8M gas', aggregatorPaidHonestly, () => ({ env: t.session.env, agent: t.session.account.address })),
  );
  expect(honest.score, JSON.stringify(honest.checks.filter((c) => !c.passed))).toBe(100);
  const reference = await run(referenceFor(task, t.session));
  expect(reference.score).toBe(100);
});
