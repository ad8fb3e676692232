// anthropic:<id> and google:<id> through the whole pipeline, text and tools protocols, against local
// servers that answer as the Messages API and generateContent do (test/fixtures/providers/): the
// server reads the conversation out of the provider's request and answers the gold solution, in text
// or as a tool call when tools are offered. Then the same as a user runs it: QUEST_MODEL with the
// provider's base URL variable, through the plugin in a subprocess.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Transport } from '../src/episode/episode.ts';
import { runInstance } from '../src/instance/run.ts';
import { resolveModel } from '../src/model/index.ts';
import { callOfText } from '../src/model/text-tools.ts';
import type { ChatMessage } from '../src/model/types.ts';
import { anthropicChat, anthropicText, anthropicToolUse, startAnthropicServer } from './fixtures/providers/anthropic.ts';
import { googleChat, googleFunctionCall, googleText, startGoogleServer } from './fixtures/providers/google.ts';
import type { Answer, ProviderServer, SeenRequest } from './fixtures/providers/server.ts';
import { goldReply } from './fixtures/gold.ts';
import { latestRun, ROOT, VITEST } from './helpers/runs.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

/** A tool call as the text reply it stands for, so the gold oracle reads a tools conversation as a text one. */
function textOfCall(name: string, input: unknown): string {
  const args = (input ?? {}) as Record<string, unknown>;
  if (name === 'run_script') return `\`\`\`typescript\n${String(args.code)}\n\`\`\``;
  if (name === 'query') return JSON.stringify({ action: 'query', ...args });
  if (name === 'submit') return JSON.stringify({ submit: true, ...args });
  return JSON.stringify(name === 'refuse' ? { refuse: args.reason } : { error: args.reason });
}

/** The gold answer to a request: text, or the tool call it stands for when a call is allowed. */
async function gold(
  chat: ChatMessage[],
  callsAllowed: boolean,
  reply: { text: (t: string) => Answer; call: (name: string, input: unknown) => Answer },
): Promise<Answer> {
  const text = (await goldReply(chat))?.text ?? 'I do not know this request.';
  const call = callsAllowed ? callOfText(text, 'x') : undefined;
  return call ? reply.call(call.name, call.input) : reply.text(text);
}

const anthropicGold = (req: SeenRequest) =>
  gold(anthropicChat(req, textOfCall), Array.isArray(req.body.tools) && (req.body.tool_choice as { type?: string })?.type !== 'none', {
    text: (t) => anthropicText(t, String(req.body.model), { input: 321, output: 54 }),
    call: (name, input) => anthropicToolUse(name, input, String(req.body.model), { input: 321, output: 54 }),
  });

const googleGold = (req: SeenRequest) =>
  gold(
    googleChat(req, textOfCall),
    Array.isArray(req.body.tools) &&
      (req.body.toolConfig as { functionCallingConfig?: { mode?: string } })?.functionCallingConfig?.mode !== 'NONE',
    {
      text: (t) => googleText(t, { input: 321, output: 54 }),
      call: (name, args) => googleFunctionCall(name, args, { input: 321, output: 54 }),
    },
  );

let anthropic: ProviderServer;
let google: ProviderServer;
let t: Awaited<ReturnType<typeof openTestSession>>;

beforeAll(async () => {
  [anthropic, google, t] = await Promise.all([startAnthropicServer(anthropicGold), startGoogleServer(googleGold), openTestSession()]);
});
afterAll(async () => {
  await Promise.all([anthropic?.close(), google?.close(), t?.close()]);
});

const providers = [
  { spec: 'anthropic:claude-sonnet-4-5', server: () => anthropic, env: () => ({ ANTHROPIC_BASE_URL: anthropic.baseURL }) },
  { spec: 'google:gemini-2.5-pro', server: () => google, env: () => ({ GOOGLE_GENERATIVE_AI_BASE_URL: google.baseURL }) },
];
const cases = providers.flatMap((p) => (['text', 'tools'] as Transport[]).map((transport) => ({ ...p, transport })));

describe.each(cases)('$spec, $transport protocol', ({ spec, server, env, transport }) => {
  test.each(['query_bnb_balance', 'erc20_transfer_fixed'])('solves %s over HTTP; tokens recorded', async (taskId) => {
    server().reset(server().handler);
    const model = await resolveModel(spec, { temperature: 0.7, maxRetries: 0, timeoutMs: 10_000 }, env());
    const r = await runInstance({
      task: await taskById(taskId),
      round: 1,
      runSeed: 20260,
      rounds: 1,
      session: t.session,
      model,
      scriptTimeoutMs: 10_000,
      transport,
    });
    expect(r.score, JSON.stringify(r.checks)).toBe(100);
    expect(r.model).toBe(spec);
    expect(r.tokens).toEqual({ input: 321, output: 54 });
    expect(r.protocol ?? 'text').toBe(transport);
    expect(server().seen).toHaveLength(1);
    const body = JSON.stringify(server().seen[0]!.body);
    expect(body).toContain('executeSkill');
    expect(body.includes('run_script')).toBe(transport === 'tools');
  });
});

/** `vitest run --project atomic -t <task>` as a user starts it, while this process keeps serving. */
function runBenchmark(env: Record<string, string>, taskId: string): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--project', 'atomic', '-t', taskId], {
      cwd: ROOT,
      env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', QUEST_CACHE: 'off', ...env },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => resolve({ status, out }));
  });
}

test('QUEST_MODEL=anthropic:<id> (text) and google:<id> (QUEST_PROTOCOL=tools) run the benchmark with their base URLs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-providers-'));
  const [a, g] = await Promise.all([
    runBenchmark(
      { QUEST_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_BASE_URL: anthropic.baseURL, QUEST_RESULTS_DIR: dir },
      'query_bnb_balance',
    ),
    runBenchmark(
      {
        QUEST_MODEL: 'google:gemini-2.5-pro',
        QUEST_PROTOCOL: 'tools',
        GOOGLE_GENERATIVE_AI_BASE_URL: google.baseURL,
        QUEST_RESULTS_DIR: dir,
      },
      'erc20_transfer_fixed',
    ),
  ]);
  expect(a.status, a.out).toBe(0);
  expect(g.status, g.out).toBe(0);
  expect(a.out.trimStart().split('\n')[0]).toMatch(/^questbench · model anthropic:claude-sonnet-4-5 · /);
  expect(g.out.trimStart().split('\n')[0]).toMatch(/^questbench · model google:gemini-2.5-pro · /);
  const ra = latestRun(dir, 'anthropic-claude-sonnet-4-5').result;
  const rg = latestRun(dir, 'google-gemini-2.5-pro').result;
  expect(ra.summary.atomic).toMatchObject({ score: 100, passed: 1, instances: 1 });
  expect(rg.summary.atomic).toMatchObject({ score: 100, passed: 1, instances: 1 });
  expect(rg.run.protocol).toBe('tools');
  expect(rg.instances[0]).toMatchObject({ taskId: 'erc20_transfer_fixed', tokens: { input: 321, output: 54 } });
}, 180_000);
