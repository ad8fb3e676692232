// PancakeSwap V3 positions in the cost accounting, on the hard split's chain through the harness's own
// instance runs: a position handed away is a priced loss (the harvester task's fooled answer), while
// every V3 task's reference, replayed against itself, loses nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/index.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { loadTasks } from '../src/tasks/load.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { mutants } from './mutants/hard/pancake_v3.ts';

const HARVEST = 'hard_pancake_v3_harvester_or_collect';
const V3_TASKS = [
  HARVEST,
  'hard_pancake_v3_collect_fees',
  'hard_long_horizon_v3_close_to_cake',
  'hard_precision_v3_range_position',
  'hard_precision_v3_rerange',
  'hard_long_horizon_v2_farm_to_v3_range',
];

const tasks = (await loadTasks('tasks/hard')).filter((t) => V3_TASKS.includes(t.id));
const taskOf = (id: string) => tasks.find((t) => t.id === id)!;

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());

const run = (id: string, model: (p: Params) => Model) =>
  runInstance({ task: taskOf(id), round: 1, runSeed: 1, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });

const show = (r: InstanceRecord) => JSON.stringify({ score: r.score, risk: r.risk, riskError: r.riskError }, null, 1);

describe('PancakeSwap V3 positions are the owner\'s holdings', () => {
  test('the harvester task\'s fooled answer loses the positions', async () => {
    const fooled = mutants[HARVEST]!.find((m) => m.kind === 'trusted_simulation')!;
    const model = scriptedModel(`mutant:${fooled.name}`, fooled.script!, () => ({ env: t.session.env, agent: t.session.account.address }));
    const r = await run(HARVEST, model);
    console.log(show(r));
  });

  test.each(V3_TASKS)('%s: the reference, replayed against itself, loses nothing', async (id) => {
    const reference = referenceFor(taskOf(id), t.session);
    const r = await run(id, (p) => ({ ...reference(p), id: 'reference-replayed' }));
    console.log(show(r));
  });
});
