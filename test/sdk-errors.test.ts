// What a model does wrong is the model's outcome, never infra: under QUEST_PROTOCOL=tools, a reply that
// makes a tool call where the plan asks for words (tool choice none) is rejected by the AI SDK with
// ToolChoiceViolationError. The plan is then taken as text and the episode goes on; the instance is
// scored, not recorded as a provider failure.
import type { LanguageModelV4CallOptions, LanguageModelV4Content } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runInstance } from '../src/instance/run.ts';
import { sdkModel } from '../src/model/sdk.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import { toolGold } from './fixtures/tool-gold-model.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession();
}, 120_000);
afterAll(async () => t?.close());

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** The gold solver through tool calls, whose plan (asked with tool choice none) also makes a tool call, as a replayed recording may. */
function callsInPlan() {
  const gold = toolGold();
  return new MockLanguageModelV4({
    provider: 'questbench-test',
    modelId: 'tool-gold-call-in-plan',
    async doGenerate(options: LanguageModelV4CallOptions) {
      if (options.toolChoice?.type !== 'none') return gold.doGenerate(options);
      const content: LanguageModelV4Content[] = [
        { type: 'text', text: 'Plan: approve the router, swap, then read the balance.' },
        { type: 'tool-call', toolCallId: 'plan_1', toolName: 'query', input: JSON.stringify({ type: 'native_balance', address: 'agent' }) },
      ];
      return { content, finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' }, usage, warnings: [] };
    },
  });
}

const run = async (taskId: string): Promise<InstanceRecord> =>
  runInstance({
    task: await taskById(taskId),
    round: 1,
    runSeed: 20260,
    rounds: 1,
    session: t.session,
    model: sdkModel({
      id: 'tool-gold-call-in-plan',
      describe: 'test',
      model: callsInPlan(),
      call: { temperature: 0 },
      retry: { maxRetries: 0, timeoutMs: 30_000, baseDelayMs: 1, maxDelayMs: 1 },
      label: 'test',
      cacheKey: 'test',
    }),
    scriptTimeoutMs: 20_000,
    transport: 'tools',
  });

describe('a tool call under tool choice none', () => {
  test('composite_approve_swap_query_result: the plan is taken as text, the episode is scored', async () => {
    const r = await run('composite_approve_swap_query_result');
    expect(r.outcome, r.error).not.toBe('infra');
    expect(r.composite!.plan).toContain('Plan: approve the router');
    expect(r.composite!.plan).toContain('[tool call] query');
    // The plan's call was never run and costs no round.
    expect(r.composite!.rounds.every((x) => x.kind !== 'query' || !x.summary.startsWith('native_balance'))).toBe(true);
    expect(r.transcript.response).toContain('[tool query] not executed: this reply was to be in words');
    expect(r.score).toBe(100);
    expect(r.composite!.kAct).toBe(r.composite!.kOpt);
  });
});
