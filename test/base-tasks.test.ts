// The published tasks ported to Base (their files list "base" under "chains"), on the Base mirror: the
// reference scores 100, the null model and every wrong answer stay below the pass line, and the request
// the model reads is in Base's words. Wrong answers are written against BSC's keys, as the references are,
// and run keyed back to them (onBscKeys), so each one is the same mistake on either chain.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks, type Task } from '../src/instance/task.ts';
import { resolveModel, type Model } from '../src/model/index.ts';
import { onBscKeys } from '../src/model/reference.ts';
import { referenceScriptModel } from '../src/composite/reference.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { runsOn } from '../src/tasks/schema.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { mutantsByTask, wrongOn, type Mutant } from '../src/tasks/mutants.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';

const files = (await loadTasks('tasks/atomic')).filter((f) => runsOn(f.spec, 'base'));
const composites = (await loadTasks('tasks/composite')).filter((f) => runsOn(f.spec, 'base'));
const MUTANTS = mutantsByTask(import.meta.glob<{ mutants: Mutant[] }>('../tasks/atomic/**/*.mutants.ts', { eager: true }));
const settings = { temperature: 0, maxRetries: 0, timeoutMs: 10_000 };
// Words a request on Base must not use: BSC's coin, wrapped coin, DEX and chain.
const BSC_WORDS = /\b(BNB|WBNB|PancakeSwap|Pancake Squad|BEP-20|USDT|BUSD|CAKE)\b/;

let t: Awaited<ReturnType<typeof openTestSession>>;
let nullModel: Model;

beforeAll(async () => {
  t = await openTestSession('base');
  nullModel = await resolveModel('null', settings);
});
afterAll(async () => t?.close());

const run = (f: Task, model: Model | ((p: Params) => Model), runSeed: number): Promise<InstanceRecord> =>
  runInstance({ task: f, round: 1, runSeed, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });

const explain = (r: InstanceRecord) =>
  `${r.taskId} seed ${r.runSeed}: ${r.score} (${r.outcome}${r.error ? `: ${r.error}` : ''})\n${r.checks
    .filter((c) => !c.passed)
    .map((c) => `  ✗ ${c.name}: ${c.detail}`)
    .join('\n')}\n${r.transcript.logs}`;

test('a third of the atomic tasks or more run on Base, and composite ones too', () => {
  expect(files.length).toBeGreaterThanOrEqual(21);
  expect(composites.length).toBeGreaterThanOrEqual(6);
});

describe.each(files.map((f) => [f.id, f] as const))('%s on Base', (id, f) => {
  test('the reference scores 100 on two seeds, from a request in Base words', async () => {
    for (const seed of [1, 2]) {
      const r = await run(f, referenceFor(f, t.session), seed);
      expect(r.score, explain(r)).toBe(100);
      expect(r.chain).toMatchObject({ profile: 'base', chainId: 8453 });
      expect(r.instruction).not.toMatch(BSC_WORDS);
      const system = r.transcript.messages.find((m) => m.role === 'system')?.content ?? '';
      expect(system).toContain('Base mainnet (chain id 8453), native coin ETH');
      expect(system).not.toMatch(BSC_WORDS);
    }
  });

  test('the null model and every wrong answer score below the pass line', async () => {
    const nul = await run(f, nullModel, 1);
    expect(nul.passed, explain(nul)).toBe(false);
    const list = (MUTANTS[id] ?? []).filter((m) => wrongOn(m, 'base'));
    expect(list.filter((m) => (m.maxScore ?? 59) < 60).length, `wrong answers of ${id} on Base`).toBeGreaterThanOrEqual(3);
    for (const m of list) {
      const model = scriptedModel(
        `mutant:${m.name}`,
        (ctx) => onBscKeys(m.script(ctx), t.session.renamedKeys),
        () => ({ env: t.session.env, agent: t.session.account.address }),
      );
      const r = await run(f, model, 7);
      expect(r.score, `mutant "${m.name}" (${m.kind}) should score at most ${m.maxScore ?? 59}\n${explain(r)}`).toBeLessThanOrEqual(
        m.maxScore ?? 59,
      );
    }
  });
});

describe.each(composites.map((f) => [f.id, f] as const))('%s on Base', (_id, f) => {
  test('the reference scores 100 in K_opt rounds, in Base words; null and a dummy transaction fail', async () => {
    const r = await run(f, referenceFor(f, t.session), 1);
    expect(r.score, explain(r)).toBe(100);
    expect(r.composite?.kAct).toBe(r.composite?.kOpt);
    expect(r.chain).toMatchObject({ profile: 'base', chainId: 8453 });
    expect(r.instruction).not.toMatch(BSC_WORDS);
    const nul = await run(f, nullModel, 1);
    expect(nul.passed, explain(nul)).toBe(false);
    const dummy =
      '```typescript\nexport async function executeSkill(p: string, agentAddress: string) { return { to: agentAddress, value: 0n }; }\n```';
    const d = await run(
      f,
      { ...referenceScriptModel({ plan: 'Send one transaction.', rounds: [dummy, '{"submit": true}'] }), id: 'dummy' },
      1,
    );
    expect(d.score, explain(d)).toBe(0);
  });
});
