// The other protocols as a user runs them: `QUEST_PROTOCOL=tools` with an AI SDK model, and wallet
// agents as a module and as a command, over whole splits in a subprocess; the gold solution played
// each way scores full marks, and the results say which protocol produced them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { modelSlug } from '../src/plugin/config.ts';
import { latestRun, runVitest } from './helpers/runs.ts';
import { splitSizes } from './helpers/tasks.ts';

const ALL = ['run', '--project', 'atomic', '--project', 'composite', '--project', 'hard'];

function fullMarks(model: string, env: Record<string, string>, args = ALL) {
  const dir = mkdtempSync(join(tmpdir(), 'qb-protocols-'));
  const r = runVitest(args, { QUEST_MODEL: model, QUEST_RESULTS_DIR: dir, QUEST_CACHE: 'off', ...env }, { timeout: 900_000 });
  expect(r.status, r.out.slice(-4000)).toBe(0);
  return latestRun(dir, modelSlug(model));
}

test('tools protocol: an AI SDK model answering the gold solution through tool calls scores full marks on every split', {
  timeout: 900_000,
}, () => {
  const { result, lines } = fullMarks('module:test/fixtures/tool-gold-model.ts', { QUEST_PROTOCOL: 'tools' });
  expect(result.summary.atomic.score).toBe(100 * splitSizes.atomic);
  expect(result.summary.composite.score).toBe(100 * splitSizes.composite);
  expect(result.summary.hard?.score).toBe(100 * splitSizes.hard);
  expect(result.run.protocol).toBe('tools');
  expect(lines.every((l) => JSON.parse(l).protocol === 'tools')).toBe(true);
});

test('wallet agent as a module: the gold agent scores full marks on every split', { timeout: 900_000 }, () => {
  const { result } = fullMarks('agent:test/fixtures/gold-agent.ts', {});
  expect(result.summary.atomic.score).toBe(100 * splitSizes.atomic);
  expect(result.summary.composite.score).toBe(100 * splitSizes.composite);
  expect(result.summary.hard?.score).toBe(100 * splitSizes.hard);
  expect(result.run.protocol).toBe('agent');
});

test('wallet agent as a command: the wallet in its environment, the request on stdin, its last line read', { timeout: 900_000 }, () => {
  const subset =
    '^(bnb_transfer_basic|erc20_transfer_fixed|query_bnb_balance|swap_exact_bnb_for_tokens|composite_approve_swap_tokens|composite_query_swap_verify_output|hard_policy_payment_over_cap) ·';
  const { result } = fullMarks('agent:npx tsx test/fixtures/gold-agent-cli.ts', {}, [...ALL, '-t', subset]);
  expect(result.instances).toHaveLength(7);
  expect(result.instances.map((i) => `${i.taskId} ${i.score}`).filter((s) => !s.endsWith(' 100'))).toEqual([]);
});
