// examples/tool-agent (an AI SDK tool loop with viem tools) as a wallet agent, with a scripted model in
// place of an LLM: the example's tools reach the instance's chain through the wallet endpoint and the
// validators score what it did.
import type { LanguageModelV4CallOptions, LanguageModelV4Content } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAgent } from '../examples/tool-agent/agent.ts';
import { runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/types.ts';
import { identify } from './fixtures/gold.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

const RUN_SEED = 9;
type Part = { type: string; text?: string; output?: { value?: unknown } };

/** Plays three tasks the way an LLM would drive the example's tools, knowing the instance from the prompt. */
function scriptedLlm() {
  let ids = 0;
  const call = (toolName: string, input: unknown): LanguageModelV4Content => ({
    type: 'tool-call',
    toolCallId: `c${++ids}`,
    toolName,
    input: JSON.stringify(input),
  });
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
  return new MockLanguageModelV4({
    async doGenerate(options: LanguageModelV4CallOptions) {
      const user = options.prompt.find((m) => m.role === 'user')!;
      const prompt = (user.content as Part[]).map((p) => p.text ?? '').join('');
      const results = options.prompt.filter((m) => m.role === 'tool').flatMap((m) => (m.content as Part[]).map((p) => p.output?.value));
      const rows = [...prompt.matchAll(/^(\w+): (0x[0-9a-fA-F]{40})$/gm)].map((m) => `  ${m[1]} ${m[2]}`).join('\n');
      const request = /Request: (.*)/s
        .exec(prompt)![1]!
        .split(/\n\nWhen you are done/)[0]!
        .trim();
      const hit = identify(
        [
          { role: 'system', content: rows },
          { role: 'user', content: request },
        ],
        { runSeed: RUN_SEED },
      )!;
      const p = hit.params as Record<string, any>;
      const done = (content: LanguageModelV4Content[]) => ({
        content,
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
        usage,
        warnings: [],
      });
      const step = results.length;
      if (hit.taskId === 'bnb_transfer_basic')
        return done(
          step === 0
            ? [call('send_transaction', { to: p.to, value: parseEther(p.amount).toString() })]
            : [{ type: 'text', text: '{"done": true}' }],
        );
      if (hit.taskId === 'erc20_transfer_fixed') {
        if (step === 0)
          return done([
            call('encode_call', { signature: 'function transfer(address,uint256)', args: [p.to, parseUnits(p.amount, 18).toString()] }),
          ]);
        if (step === 1) return done([call('send_transaction', { to: p.token.address, data: results[0] })]);
        return done([{ type: 'text', text: '{"done": true}' }]);
      }
      if (step === 0)
        return done([
          call('read_contract', {
            address: p.token.address,
            signature: 'function balanceOf(address) view returns (uint256)',
            args: [p.address],
          }),
        ]);
      return done([{ type: 'text', text: `checked\n${JSON.stringify({ answer: JSON.parse(String(results[0])) })}` }]);
    },
  });
}

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession();
}, 120_000);
afterAll(async () => t?.close());

test.each(['bnb_transfer_basic', 'erc20_transfer_fixed', 'query_erc20_balance'])('%s: the example agent scores 100', async (taskId) => {
  const agent = createAgent(scriptedLlm());
  const model: Model = {
    id: 'agent:examples/tool-agent',
    describe: 'example',
    respond: () => Promise.reject(new Error('an agent')),
    agent: {
      id: 'agent:examples/tool-agent',
      describe: 'example',
      run: async (input) => ({ result: await agent(input), timedOut: false, stdout: '', stderr: '' }),
    },
  };
  const r = await runInstance({
    task: await taskById(taskId),
    round: 1,
    runSeed: RUN_SEED,
    rounds: 1,
    session: t.session,
    model,
    scriptTimeoutMs: 20_000,
  });
  expect(r.score, JSON.stringify(r.checks)).toBe(100);
  expect(r.walletAgent?.kAct).toBe(taskId.startsWith('query') ? 0 : 1);
});
