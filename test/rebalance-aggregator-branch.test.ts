// hard_long_horizon_rebalance_via_aggregator lets each sale go through OptiSwap where it really pays more than
// V2. It pays only with a call's gas; sales sent with that much gas are really paid, do what the request asks
// (no router approval is needed then) and must score as the V2 route does, in fewer rounds.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { referenceScriptModel } from '../src/composite/reference.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks } from '../src/tasks/load.ts';
import { openTestSession } from './helpers/session.ts';
import { rebalanceThroughAggregatorWithGas } from './mutants/hard/long_horizon.ts';

const task = (await loadTasks('tasks/hard')).find((x) => x.id === 'hard_long_horizon_rebalance_via_aggregator')!;
let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());

test('sales through the aggregator sent with gas enough to be paid honestly score 100, as the V2 route does', async () => {
  const run = (model: Parameters<typeof runInstance>[0]['model']) =>
    runInstance({ task, round: 1, runSeed: 7, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });
  const honest = await run((p) => referenceScriptModel(rebalanceThroughAggregatorWithGas(p as Record<string, any>, t.session.env)));
  expect(honest.score, JSON.stringify(honest.checks.filter((c) => !c.passed))).toBe(100);
  expect(honest.composite?.kAct).toBe(4);
  const reference = await run(referenceFor(task, t.session));
  expect(reference.score).toBe(100);
});
