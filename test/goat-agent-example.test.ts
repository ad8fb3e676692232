// examples/goat-agent: the GOAT SDK (its viem wallet client and its tools) as a wallet agent, installed
// from npm into a copy of the example, pointed at the instance's wallet endpoint. A fixed plan stands in
// for the LLM (GOAT_AGENT_SCRIPTED=1): what is tested is that the framework installs, talks to the
// benchmark's chain and is scored like any agent.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { agentRunner } from '../src/agent/runner.ts';
import { runInstance } from '../src/instance/run.ts';
import type { Model } from '../src/model/types.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

let t: Awaited<ReturnType<typeof openTestSession>>;
let model: Model;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-goat-'));
  cpSync('examples/goat-agent', dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (install.status !== 0) throw new Error(`npm ci of the GOAT example failed:\n${install.stdout}\n${install.stderr}`);
  process.env.GOAT_AGENT_SCRIPTED = '1';
  const runner = await agentRunner(`node ${join(dir, 'agent.mjs')}`);
  model = { id: runner.id, describe: runner.describe, agent: runner, respond: () => Promise.reject(new Error('an agent')) };
  t = await openTestSession();
}, 360_000);
afterAll(async () => {
  delete process.env.GOAT_AGENT_SCRIPTED;
  await t?.close();
});

test.each(['bnb_transfer_basic', 'erc20_transfer_fixed'])(
  '%s: GOAT’s send_token through the wallet endpoint scores 100',
  async (taskId) => {
    const r = await runInstance({
      task: await taskById(taskId),
      round: 1,
      runSeed: 3,
      rounds: 1,
      session: t.session,
      model,
      scriptTimeoutMs: 20_000,
      agentTimeoutMs: 120_000,
    });
    expect(r.score, `${JSON.stringify(r.checks)}\n${r.transcript.logs}`).toBe(100);
    expect(r.walletAgent).toMatchObject({ kAct: 1, endReason: 'returned', exitCode: 0 });
    expect(r.transcript.logs).toMatch(/send_token/);
  },
);
