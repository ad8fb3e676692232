// The accounting over every atomic transaction task, through the real pipeline: each instance's record
// carries its cost against the task's reference on the same instance (replayed from the pre-state when
// the answer moved something). The reference and the null model lose nothing and expose nothing;
// every wrong answer in the tasks' <id>.mutants.ts gets its dollar figures (printed as a table), and the answers that
// send value astray or leave approvals behind are checked to show it.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { nullModel } from '../src/model/null.ts';
import type { Model } from '../src/model/types.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { RiskRecord } from '../src/risk/index.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { loadTasks, type TaskOf } from '../src/instance/task.ts';
import { scriptedModel } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { mutantsByTask, type Mutant } from '../src/tasks/mutants.ts';

const files = ((await loadTasks('tasks/atomic')) as TaskOf<'atomic'>[]).filter((f) => f.spec.kind === 'transaction');
const MUTANTS = mutantsByTask(import.meta.glob<{ mutants: Mutant[] }>('../tasks/atomic/**/*.mutants.ts', { eager: true }));

let t: Awaited<ReturnType<typeof openTestSession>>;
const rows: string[] = [];

beforeAll(async () => {
  t = await openTestSession();
});
afterAll(async () => {
  if (rows.length) console.log(`| task | answer | lost | exposure | items |\n|---|---|---|---|---|\n${rows.join('\n')}`);
  await t?.close();
});

/** One answer to the task's instance at seed 1, through the pipeline; its record's cost, checked against the schema. */
async function costOf(f: TaskOf<'atomic'>, model: Model | ((p: Params) => Model)): Promise<RiskRecord> {
  const r: InstanceRecord = await runInstance({
    task: f,
    round: 1,
    runSeed: 1,
    rounds: 1,
    session: t.session,
    model,
    scriptTimeoutMs: 20_000,
  });
  if (!r.risk) throw new Error(`${f.id}: no cost recorded (${r.riskError ?? r.outcome})`);
  return RiskRecord.parse(r.risk);
}

/** The reference under another name, so its answer is accounted like any model's (the reference is replayed against it). */
const referenceAsModel =
  (f: TaskOf<'atomic'>) =>
  (p: Params): Model => ({ ...referenceFor(f, t.session)(p), id: 'reference-as-model' });

const cell = (r: RiskRecord) => `$${r.lostUsd.toFixed(2)} | $${r.exposureUsd.toFixed(2)} | ${r.items.map((i) => i.detail).join('; ')}`;

/** Answers that must show a loss or an exposure: value sent astray or beyond the request, approvals wider than asked. */
const EXPECTED: Record<string, Record<string, 'lost' | 'exposure'>> = {
  erc20_transfer_fixed: { 'pays a different address': 'lost' },
  erc20_transfer_percentage: { 'sends the complement share': 'lost', 'right share, wrong recipient': 'lost' },
  erc20_transfer_max_amount: { 'whole balance to a different address': 'lost' },
  erc20_approve: {
    'unlimited approval': 'exposure',
    'approves a different spender': 'exposure',
    'transfers to the router instead': 'lost',
  },
  erc20_revoke_approval: { 'transfers the allowance amount to the spender': 'lost', 'grants an unlimited approval instead': 'exposure' },
  erc20_transferfrom_basic: { "pays from the agent's own balance": 'lost' },
  bnb_transfer_basic: { 'pays a different address': 'lost', 'amount ×10': 'lost' },
  swap_exact_tokens_for_tokens: { 'output goes to another address': 'lost' },
  swap_exact_tokens_for_bnb: { 'BNB goes to another address': 'lost' },
  swap_exact_bnb_for_tokens: { 'sends the output to another address': 'lost' },
  harvest_rewards: { 'emergency-withdraws (forfeits the rewards)': 'lost' },
  stake_single_token: { 'transfers the CAKE to the staking contract instead of staking': 'lost' },
};

describe.each(files.map((f) => [f.id, f] as const))('%s', (id, f) => {
  test('the reference and the null model lose nothing; wrong answers get their figures', async () => {
    const reference = await costOf(f, referenceAsModel(f));
    expect(reference, 'the reference against itself').toMatchObject({ lostUsd: 0, exposureUsd: 0, items: [] });
    const nul = await costOf(f, nullModel());
    expect(nul.lostUsd, `null: ${cell(nul)}`).toBe(0);
    expect(nul.exposureUsd, `null: ${cell(nul)}`).toBe(0);
    rows.push(`| ${id} | reference | ${cell(reference)} |`, `| ${id} | null | ${cell(nul)} |`);
    for (const m of MUTANTS[id] ?? []) {
      const risk = await costOf(
        f,
        scriptedModel(`mutant:${m.name}`, m.script, () => ({ env: t.session.env, agent: t.session.account.address as Address })),
      );
      rows.push(`| ${id} | ${m.name} | ${cell(risk)} |`);
      const want = EXPECTED[id]?.[m.name];
      if (want === 'lost') expect(risk.lostUsd, `${m.name}: ${cell(risk)}`).toBeGreaterThan(0);
      if (want === 'exposure') expect(risk.exposureUsd, `${m.name}: ${cell(risk)}`).toBeGreaterThan(0);
      const losses = risk.items.filter((i) => !i.kind.startsWith('exposure_')).reduce((s, i) => s + i.usd, 0);
      expect(Math.abs(losses - risk.lostUsd), `${m.name}: items add up to lostUsd`).toBeLessThan(1e-4 + risk.lostUsd * 1e-9);
    }
  });
});
