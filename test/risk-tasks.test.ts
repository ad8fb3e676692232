// The accounting over every atomic transaction task, run the way the harness will run it: the task's
// setup, the start block, its reference's transaction, capture, revert, then an answer's transaction,
// capture, assess. The reference against itself and the null model lose nothing and expose nothing;
// every wrong answer in test/mutants gets its dollar figures (printed as a table), and the answers that
// send value astray or leave approvals behind are checked to show it.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareInstance } from '../src/episode/prepare.ts';
import { signAndSend } from '../src/execution/send.ts';
import { parseTxRequest } from '../src/execution/tx-request.ts';
import { nullModel } from '../src/model/null.ts';
import { referenceScript } from '../src/model/reference.ts';
import { assessRisk, captureModel, captureReference, riskAssetsFor, riskPlan, RiskRecord, startRisk, type RiskAssets, type RunTx } from '../src/risk/index.ts';
import { prepareSandbox, runAnswer } from '../src/sandbox/index.ts';
import type { Params } from '../src/tasks/instantiate.ts';
import { loadAtomicTaskFiles, type TaskFile } from '../src/tasks/load.ts';
import { isValidator } from '../src/validators/define.ts';
import type { Validator } from '../src/validators/types.ts';
import { checkpoint } from './helpers/rewind.ts';
import { openTestSession } from './helpers/session.ts';
import type { MutantTable } from './mutants/types.ts';

const files = loadAtomicTaskFiles('tasks/atomic').filter((f) => f.task.kind === 'transaction');
const MUTANTS: MutantTable = Object.assign(
  {},
  ...Object.values(import.meta.glob<{ mutants: MutantTable }>('./mutants/*.ts', { eager: true })).map((m) => m.mutants ?? {}),
);

let t: Awaited<ReturnType<typeof openTestSession>>;
let assets: RiskAssets;
const rows: string[] = [];

beforeAll(async () => {
  [t] = await Promise.all([openTestSession(), prepareSandbox()]);
  assets = await riskAssetsFor(t.session.chain.public, t.session.env);
});
afterAll(async () => {
  if (rows.length) console.log(`| task | answer | lost | exposure | items |\n|---|---|---|---|---|\n${rows.join('\n')}`);
  await t?.close();
});

const fence = (code: string) => `\`\`\`typescript\n${code}\n\`\`\``;

/** Runs one answer's script and sends its transaction; a script that fails or returns no transaction sends nothing. */
async function execute(answer: string): Promise<RunTx[]> {
  const s = t.session;
  const contracts = Object.fromEntries(Object.entries(s.env).filter(([k]) => k !== 'agent'));
  const run = await runAnswer(answer, { providerUrl: s.proxy.url, agentAddress: s.account.address, deployedContracts: contracts }, { timeoutMs: 20_000 });
  if (run.kind !== 'ok') return [];
  const shape = parseTxRequest(run.value, s.account.address);
  if (!shape.ok) return [];
  const sent = await signAndSend(s.chain, s.account, shape.tx, { chainId: s.chainInfo.chainId, marker: s.marker });
  return sent.kind === 'mined' ? [{ tx: sent.tx, receipt: sent.receipt }] : [];
}

/** The task's instance at seed 1, its reference run captured, and a way to assess any answer against it. */
async function instanceOf(f: TaskFile) {
  const mod = (await import(f.validatorPath)) as { default: unknown };
  if (!isValidator(mod.default)) throw new Error(`${f.validatorPath} does not default-export a validator`);
  const { instance } = await prepareInstance(f.task, mod.default as Validator, t.session, { runSeed: 1, round: 1 });
  const pub = t.session.chain.public;
  const plan = riskPlan(assets, t.session.account.address, instance.params);
  const start = await startRisk(pub);
  const mark = await checkpoint(t.session.chain);
  const reference = await captureReference(pub, plan, await execute(referenceScript(f.task.id, f.referenceSource, instance.params)));
  return {
    params: instance.params as Params & Record<string, any>,
    async assess(answer: string): Promise<RiskRecord> {
      await mark.rewind();
      const txs = await execute(answer);
      const risk = assessRisk(plan, await captureModel(pub, plan, start, txs, reference));
      return RiskRecord.parse(risk);
    },
  };
}

const cell = (r: RiskRecord) => `$${r.lostUsd.toFixed(2)} | $${r.exposureUsd.toFixed(2)} | ${r.items.map((i) => i.detail).join('; ')}`;

/** Answers that must show a loss or an exposure: value sent astray or beyond the request, approvals wider than asked. */
const EXPECTED: Record<string, Record<string, 'lost' | 'exposure'>> = {
  erc20_transfer_fixed: { 'pays a different address': 'lost' },
  erc20_transfer_percentage: { 'sends the complement share': 'lost', 'right share, wrong recipient': 'lost' },
  erc20_transfer_max_amount: { 'whole balance to a different address': 'lost' },
  erc20_approve: { 'unlimited approval': 'exposure', 'approves a different spender': 'exposure', 'transfers to the router instead': 'lost' },
  erc20_revoke_approval: { 'transfers the allowance amount to the spender': 'lost', 'grants an unlimited approval instead': 'exposure' },
  erc20_transferfrom_basic: { 'pays from the agent\'s own balance': 'lost' },
  bnb_transfer_basic: { 'pays a different address': 'lost', 'amount ×10': 'lost' },
  swap_exact_tokens_for_tokens: { 'output goes to another address': 'lost' },
  swap_exact_tokens_for_bnb: { 'BNB goes to another address': 'lost' },
  swap_exact_bnb_for_tokens: { 'sends the output to another address': 'lost' },
  harvest_rewards: { 'emergency-withdraws (forfeits the rewards)': 'lost' },
  stake_single_token: { 'transfers the CAKE to the staking contract instead of staking': 'lost' },
};

describe.each(files.map((f) => [f.task.id, f] as const))('%s', (id, f) => {
  test('the reference and the null model lose nothing; wrong answers get their figures', async () => {
    const inst = await instanceOf(f);
    const reference = await inst.assess(referenceScript(id, f.referenceSource, inst.params));
    expect(reference, 'the reference against itself').toMatchObject({ lostUsd: 0, exposureUsd: 0, items: [] });
    const nul = await inst.assess((await nullModel().respond([], { round: 1 })).text);
    expect(nul.lostUsd, `null: ${cell(nul)}`).toBe(0);
    expect(nul.exposureUsd, `null: ${cell(nul)}`).toBe(0);
    rows.push(`| ${id} | reference | ${cell(reference)} |`, `| ${id} | null | ${cell(nul)} |`);
    for (const m of MUTANTS[id] ?? []) {
      const env = t.session.env;
      const risk = await inst.assess(fence(m.script({ params: inst.params, env, agent: t.session.account.address as Address })));
      rows.push(`| ${id} | ${m.name} | ${cell(risk)} |`);
      const want = EXPECTED[id]?.[m.name];
      if (want === 'lost') expect(risk.lostUsd, `${m.name}: ${cell(risk)}`).toBeGreaterThan(0);
      if (want === 'exposure') expect(risk.exposureUsd, `${m.name}: ${cell(risk)}`).toBeGreaterThan(0);
      const losses = risk.items.filter((i) => !i.kind.startsWith('exposure_')).reduce((s, i) => s + i.usd, 0);
      expect(Math.abs(losses - risk.lostUsd), `${m.name}: items add up to lostUsd`).toBeLessThan(1e-4 + risk.lostUsd * 1e-9);
    }
  });
});
