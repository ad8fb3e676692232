// Every composite task through the real protocol: the reference reaches K_act = K_opt with 100; so
// does a round script doing every step the templates ask for, one round each (the reference module's
// `literal` export; when there is none the reference itself already is one, tested above); one
// redundant query decays the score; a dummy transaction then submit scores 0; null fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runInstance } from '../src/instance/run.ts';
import { referenceScriptModel, type CompositeReference, type ScriptRound } from '../src/composite/reference.ts';
import { resolveModel, type Model } from '../src/model/index.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { loadTasks } from '../src/tasks/load.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import type { Task } from '../src/tasks/task.ts';
import { openTestSession } from './helpers/session.ts';

type CompositeTask = Extract<Task, { split: 'composite' }>;
const files = (await loadTasks('tasks/composite')) as CompositeTask[];
let t: Awaited<ReturnType<typeof openTestSession>>;
let nullModel: Model;

beforeAll(async () => {
  t = await openTestSession();
  nullModel = await resolveModel('null', { temperature: 0, maxRetries: 0, timeoutMs: 10_000 });
});
afterAll(async () => t?.close());

async function run(f: CompositeTask, model: Model | ((p: Params) => Model), runSeed = 1): Promise<InstanceRecord> {
  return runInstance({ task: f, model, round: 1, runSeed, rounds: 1, session: t.session, scriptTimeoutMs: 20_000 });
}

const scripted = (id: string, plan: string, rounds: ScriptRound[]): Model => ({ ...referenceScriptModel({ plan, rounds }), id });
const explain = (r: InstanceRecord) =>
  `${r.taskId}: ${r.score} base ${r.composite?.baseScore} K_act ${r.composite?.kAct}/${r.composite?.kOpt} (${r.outcome}) ${r.error ?? ''}\n` +
  r.checks.filter((c) => !c.passed).map((c) => `  ✗ ${c.name}: ${c.detail}`).join('\n') +
  `\n${(r.composite?.rounds ?? []).map((x) => `  [${x.kind}] ${x.summary}`).join('\n')}`;

describe.each(files.map((f) => [f.id, f] as const))('%s', (_id, f) => {
  test('reference scores 100 at K_act = K_opt on two seeds', async () => {
    for (const seed of [1, 2]) {
      const r = await run(f, (p) => referenceScriptModel(f.reference(p, t.session.env)), seed);
      expect(r.score, explain(r)).toBe(100);
      expect(r.composite!.kAct, explain(r)).toBe(f.spec.workflow.optimalSteps);
      expect(r.composite!.endReason).toBe('submit');
    }
  });

  const literal = f.literal;
  // For the others the literal one-round-each script is the reference itself, already run above.
  if (literal)
    test('a round script doing every step the templates ask for, one round each, scores 100', async () => {
      for (const seed of [1, 2]) {
        const r = await run(f, (p) => referenceScriptModel(literal(p, t.session.env)), seed);
        expect(r.score, explain(r)).toBe(100);
        expect(r.composite!.kAct, explain(r)).toBe(f.spec.workflow.optimalSteps);
        expect(r.composite!.endReason).toBe('submit');
      }
    });

  test('one redundant query costs exactly the decay', async () => {
    const r = await run(f, (p) => {
      const script = f.reference(p, t.session.env);
      const extra = '{"action":"query","type":"native_balance","address":"agent"}';
      return scripted('redundant', script.plan, [extra, ...script.rounds]);
    });
    const kOpt = f.spec.workflow.optimalSteps;
    expect(r.composite!.kAct, explain(r)).toBe(kOpt + 1);
    expect(r.composite!.baseScore, explain(r)).toBe(100);
    expect(r.score).toBeCloseTo((100 * kOpt) / (kOpt + 1), 2);
  });

  test('a dummy transaction then submit scores 0', async () => {
    const dummy = '```typescript\nexport async function executeSkill(p: string, agentAddress: string) { return { to: agentAddress, value: 0n }; }\n```';
    const r = await run(f, scripted('dummy', 'Send one transaction.', [dummy, '{"submit": true}']));
    expect(r.composite!.kAct).toBe(1);
    expect(r.score, explain(r)).toBe(0);
  });

  test('null model fails', async () => {
    const r = await run(f, nullModel);
    expect(r.passed, explain(r)).toBe(false);
    expect(r.composite!.endReason).toBe('budget');
  });
});
