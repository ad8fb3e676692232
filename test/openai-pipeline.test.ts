// openai:<id> through the whole pipeline, against a local OpenAI-compatible server over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runInstance } from '../src/instance/run.ts';
import { resolveModel } from '../src/model/index.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let server: Server;
let baseURL = '';
const requests: { model: string; temperature: number; messages: { role: string; content: string }[] }[] = [];
let t: Awaited<ReturnType<typeof openTestSession>>;

/** A stand-in model: reads the address out of the request and answers with a balance-reading script. */
function answerFor(user: string): string {
  const address = /0x[0-9a-fA-F]{40}/.exec(user)?.[0];
  return [
    'Here is the script.',
    '```typescript',
    "import { JsonRpcProvider } from 'ethers';",
    'export async function executeSkill(providerUrl: string) {',
    `  const b = await new JsonRpcProvider(providerUrl).getBalance(${JSON.stringify(address)});`,
    '  return { answer: b.toString() };',
    '}',
    '```',
  ].join('\n');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body);
      requests.push(parsed);
      const user = parsed.messages.find((m: { role: string }) => m.role === 'user').content;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answerFor(user) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await openTestSession();
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

test('openai model solves query_bnb_balance over HTTP; prompt, temperature and tokens recorded', async () => {
  const model = await resolveModel(
    'openai:local-test-model',
    { temperature: 0.7, maxRetries: 0, timeoutMs: 10_000 },
    { OPENAI_BASE_URL: baseURL },
  );
  const task = await taskById('query_bnb_balance');
  const r = await runInstance({ task, round: 1, runSeed: 5, rounds: 1, session: t.session, model, scriptTimeoutMs: 10_000 });
  expect(r.score, JSON.stringify(r.checks)).toBe(100);
  expect(r.tokens).toEqual({ input: 321, output: 54 });
  expect(r.model).toBe('openai:local-test-model');
  expect(requests).toHaveLength(1);
  expect(requests[0]!.model).toBe('local-test-model');
  expect(requests[0]!.temperature).toBe(0.7);
  const system = requests[0]!.messages.find((m) => m.role === 'system')!.content;
  expect(system).toContain('executeSkill');
  expect(system).toContain('0x55d398326f99059fF775485246999027B3197955');
  expect(requests[0]!.messages.find((m) => m.role === 'user')!.content).toContain(String(r.params.address));
});
