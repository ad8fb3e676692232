// Hostile answers run through the real pipeline: whatever they try, they gain nothing and leak nothing.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runInstance } from '../src/instance/run.ts';
import { scriptedModel, type ScriptContext } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
const SECRET = 'sk-questbench-test-secret-5f1e';

beforeAll(async () => {
  process.env.OPENAI_API_KEY = SECRET;
  t = await openTestSession();
});
afterAll(async () => {
  delete process.env.OPENAI_API_KEY;
  await t?.close();
});

async function attack(taskId: string, script: (ctx: ScriptContext) => string) {
  const task = await taskById(taskId);
  const model = scriptedModel('attacker', script, () => ({ env: t.session.env, agent: t.session.account.address }));
  return runInstance({ task, round: 1, runSeed: 11, rounds: 1, session: t.session, model, scriptTimeoutMs: 10_000 });
}

const rpc = (method: string, params: string) =>
  `(await (await fetch(providerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: ${JSON.stringify(method)}, params: ${params} }) })).json())`;

test('planting the answer with anvil_setBalance through the provider is refused', async () => {
  const r = await attack(
    'query_bnb_balance',
    ({ params }) => `export async function executeSkill(providerUrl: string) {
      const reply = ${rpc('anvil_setBalance', `[${JSON.stringify(params.address)}, '0x7b']`)};
      return { answer: '123', reply };
    }`,
  );
  expect(r.score).toBeLessThan(60);
  expect(JSON.stringify(r.answer ?? '')).not.toContain('true');
  // The planted balance is intact: the attack did not reach anvil.
  const balance = await t.session.chain.public.getBalance({ address: r.params.address as `0x${string}` });
  expect(balance).not.toBe(123n);
});

test('funding a transfer with anvil_setBalance on the agent changes nothing', async () => {
  const r = await attack(
    'bnb_transfer_basic',
    ({ params, agent }) => `export async function executeSkill(providerUrl: string) {
      const reply = ${rpc('anvil_setBalance', `[${JSON.stringify(agent)}, '0x0']`)};
      if (!reply.error) throw new Error('cheat method was accepted');
      return { to: ${JSON.stringify(params.to)}, value: 1n };
    }`,
  );
  expect(r.outcome, r.error).toBe('wrong_state');
  expect(r.score).toBeLessThan(60);
});

test('a script reading the environment sees no secrets', async () => {
  const r = await attack(
    'query_bnb_balance',
    () => `export async function executeSkill() {
      const seen: string[] = [];
      try { seen.push(JSON.stringify((globalThis as any).process?.env ?? {})); } catch (e) { seen.push('process.env: ' + (e as Error).name); }
      try { seen.push(JSON.stringify((globalThis as any).Deno.env.toObject())); } catch (e) { seen.push('Deno.env: ' + (e as Error).name); }
      return { answer: seen.join(' | ') };
    }`,
  );
  expect(r.score).toBeLessThan(60);
  const everything = JSON.stringify(r);
  expect(everything).not.toContain(SECRET);
  expect(everything).not.toContain(t.session.account.address.toLowerCase().slice(2) + 'key');
});

test('eth_sendTransaction from a well-known anvil dev account is refused', async () => {
  const r = await attack(
    'bnb_transfer_basic',
    ({ params }) => `export async function executeSkill(providerUrl: string) {
      const reply = ${rpc('eth_sendTransaction', `[{ from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: ${JSON.stringify(params.to)}, value: '0x1' }]`)};
      return { to: '0x000000000000000000000000000000000000dEaD', value: 0n, note: JSON.stringify(reply) };
    }`,
  );
  expect(r.score).toBe(0);
  const received = await t.session.chain.public.getBalance({ address: r.params.to as `0x${string}` });
  expect(received).toBe(0n);
});

test('returning { success: true } scores nothing', async () => {
  const r = await attack('erc20_transfer_fixed', () => `export async function executeSkill() { return { success: true }; }`);
  expect(r.outcome).toBe('schema_invalid');
  expect(r.schemaRule).toBe('no_to');
  expect(r.score).toBe(0);
});

test('a "from" other than the agent is rejected, not signed', async () => {
  const r = await attack(
    'bnb_transfer_basic',
    ({ params }) =>
      `export async function executeSkill() { return { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: ${JSON.stringify(params.to)}, value: 1n }; }`,
  );
  expect(r.outcome, r.error).toBe('rejected');
  expect(r.score).toBe(0);
});
