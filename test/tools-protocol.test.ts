// The tools protocol through the real pipeline and the AI SDK: an AI SDK model (the SDK's mock)
// answering the gold solution with native tool calls scores as the text protocol does, and its
// mistakes are classified as the text protocol's are.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runInstance } from '../src/instance/run.ts';
import { sdkModel } from '../src/model/sdk.ts';
import type { Model } from '../src/model/types.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { toolGold, type Mistake } from './fixtures/tool-gold-model.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession();
}, 120_000);
afterAll(async () => t?.close());

const model = (mistake?: Mistake): Model =>
  sdkModel({
    id: `tool-gold${mistake ? `-${mistake}` : ''}`,
    describe: 'test',
    model: toolGold(mistake),
    call: { temperature: 0 },
    retry: { maxRetries: 0, timeoutMs: 30_000, baseDelayMs: 1, maxDelayMs: 1 },
    label: 'test',
    cacheKey: 'test',
  });

// The gold oracle draws instances for the default run seed.
const run = async (taskId: string, m: Model): Promise<InstanceRecord> =>
  runInstance({
    task: await taskById(taskId),
    round: 1,
    runSeed: 20260,
    rounds: 1,
    session: t.session,
    model: m,
    scriptTimeoutMs: 20_000,
    transport: 'tools',
  });

describe('the gold solution through tool calls', () => {
  test.each([
    'erc20_transfer_fixed',
    'query_erc20_balance',
    'composite_approve_swap_tokens',
    'composite_query_swap_verify_output',
    'hard_policy_payment_over_cap',
  ])('%s: 100', async (taskId) => {
    const r = await run(taskId, model());
    expect(r.score, JSON.stringify(r.checks)).toBe(100);
    expect(r.protocol).toBe('tools');
    expect(r.tokens?.input).toBeGreaterThan(0);
    if (r.composite) expect(r.composite.kAct).toBe(r.composite.kOpt);
  });

  test('the system prompt speaks of tools, the transcript shows the calls', async () => {
    const r = await run('composite_approve_swap_tokens', model());
    expect(r.transcript.messages[0]!.content).toContain('call exactly ONE tool');
    expect(r.transcript.messages[0]!.content).not.toContain('{"submit": true}');
    expect(r.transcript.rounds?.[0]?.reply).toMatch(/^\[tool call\] run_script:/);
    expect(r.transcript.rounds?.at(-1)?.reply).toMatch(/\[tool call\] submit/);
  });
});

describe('mistakes are classified as the text protocol classifies them', () => {
  test('a query call with bad arguments is an invalid round (bad_control_json), and costs a round', async () => {
    const r = await run('composite_approve_swap_tokens', model('bad-query'));
    expect(r.composite!.rounds[0]!.kind).toBe('schema_invalid:bad_control_json');
    expect(r.transcript.rounds?.[0]?.feedback).toMatch(/invalid query/);
    expect(r.composite!.kAct).toBe(r.composite!.kOpt + 1);
  });

  test('a reply with no tool call is an invalid round (no_code_block)', async () => {
    const episode = await run('composite_approve_swap_tokens', model('no-call'));
    expect(episode.composite!.rounds[0]!.kind).toBe('schema_invalid:no_code_block');
    const atomic = await run('erc20_transfer_fixed', model('no-call'));
    expect(atomic).toMatchObject({ outcome: 'schema_invalid', schemaRule: 'no_code_block', score: 0 });
  });

  test('two actions in one reply: the first runs, the other is answered as not run', async () => {
    const r = await run('composite_approve_swap_tokens', model('two-actions'));
    expect(r.score).toBe(100);
    expect(r.composite!.rounds.every((x) => x.kind !== 'query')).toBe(true);
  });
});
