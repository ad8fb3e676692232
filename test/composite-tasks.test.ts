// Every composite task through the real protocol: the reference reaches K_act = K_opt with 100; so
// does a round script doing every step the templates ask for, one round each (the reference module's
// `literal` export; when there is none the reference itself already is one, tested above); every
// round script either replies with is self-contained (it uses no name it does not declare, so nothing
// of the module its skills were written in) and compiles in the sandbox; one redundant query decays
// the score; a dummy transaction then submit scores 0; null fails.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTRACT_KEYS, referenceScriptModel, type CompositeScript, type ScriptRound } from '../src/composite/reference.ts';
import { runInstance } from '../src/instance/run.ts';
import { resolveModel, type Model } from '../src/model/index.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { loadTasks, type TaskOf } from '../src/instance/task.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { compile } from '../src/sandbox/compile.ts';
import { extractCode } from '../src/sandbox/extract.ts';
import { vendorBundles } from '../src/sandbox/vendor.ts';
import { freeNames } from './helpers/free-names.ts';
import { openTestSession } from './helpers/session.ts';

type CompositeTask = TaskOf<'composite'>;
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

/** The reference model of a script, keeping every reply it gives in `replies`. */
function recorded(script: CompositeScript, replies: string[]): Model {
  const model = referenceScriptModel(script);
  return {
    ...model,
    async respond(messages, opts) {
      const reply = await model.respond(messages, opts);
      replies.push(reply.text);
      return reply;
    },
  };
}

/** Each round script among the replies uses only names it declares, and compiles in the sandbox. */
async function expectSelfContained(replies: readonly string[]): Promise<void> {
  const vendor = await vendorBundles();
  for (const reply of replies.filter((r) => r.startsWith('```typescript'))) {
    const code = extractCode(reply);
    if (!('code' in code)) throw new Error(code.error);
    expect(freeNames(code.code), `names the round script does not declare:\n${code.code}`).toEqual([]);
    const compiled = await compile(code.code, vendor);
    expect(compiled.ok ? 'ok' : compiled.message).toBe('ok');
  }
}
const explain = (r: InstanceRecord) =>
  `${r.taskId}: ${r.score} base ${r.composite?.baseScore} K_act ${r.composite?.kAct}/${r.composite?.kOpt} (${r.outcome}) ${r.error ?? ''}\n` +
  r.checks
    .filter((c) => !c.passed)
    .map((c) => `  ✗ ${c.name}: ${c.detail}`)
    .join('\n') +
  `\n${(r.composite?.rounds ?? []).map((x) => `  [${x.kind}] ${x.summary}`).join('\n')}`;

test('the address map a reference and its skills are typed with is the one a session gives', () => {
  expect(Object.keys(t.session.env).filter((k) => k !== 'agent')).toEqual([...CONTRACT_KEYS]);
});

describe.each(files.map((f) => [f.id, f] as const))('%s', (_id, f) => {
  test('reference scores 100 at K_act = K_opt on two seeds, with self-contained round scripts', async () => {
    for (const seed of [1, 2]) {
      const replies: string[] = [];
      const r = await run(f, (p) => recorded(f.reference(p, t.session.env), replies), seed);
      expect(r.score, explain(r)).toBe(100);
      expect(r.composite!.kAct, explain(r)).toBe(f.spec.workflow.optimalSteps);
      expect(r.composite!.endReason).toBe('submit');
      await expectSelfContained(replies);
    }
  });

  const literal = f.literal;
  // For the others the literal one-round-each script is the reference itself, already run above.
  if (literal)
    test('a round script doing every step the templates ask for, one round each, scores 100', async () => {
      for (const seed of [1, 2]) {
        const replies: string[] = [];
        const r = await run(f, (p) => recorded(literal(p, t.session.env), replies), seed);
        expect(r.score, explain(r)).toBe(100);
        expect(r.composite!.kAct, explain(r)).toBe(f.spec.workflow.optimalSteps);
        expect(r.composite!.endReason).toBe('submit');
        await expectSelfContained(replies);
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
    const dummy =
      '```typescript\nexport async function executeSkill(p: string, agentAddress: string) { return { to: agentAddress, value: 0n }; }\n```';
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
