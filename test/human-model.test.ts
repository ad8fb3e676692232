// QUEST_MODEL=human: a person (here a scripted one) answers every call, through a queue folder or at
// the terminal (typed, or written in $EDITOR). Real benchmark runs in a subprocess.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { answerQueue } from './fixtures/queue-answerer.ts';
import { latestRun, ROOT, VITEST } from './helpers/runs.ts';

function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, done, out: () => out };
}

function readResult(dir: string) {
  const { result, lines } = latestRun(dir, 'human');
  return { result, lines: lines.map((l) => JSON.parse(l) as { transcript: { response: string } }) };
}

test('through a queue folder, a scripted answerer solves atomic and composite tasks; every call is a request file, every answer a reply file', {
  timeout: 600_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-human-'));
  const queue = join(dir, 'queue');
  const answerer = answerQueue(queue);
  const run = start(
    process.execPath,
    [
      VITEST,
      'run',
      '--project',
      'atomic',
      '--project',
      'composite',
      '-t',
      '^(erc20_approve|query_bnb_balance|composite_wrap_unwrap_cycle) ·',
    ],
    {
      QUEST_MODEL: 'human',
      QUEST_HUMAN_DIR: queue,
      QUEST_RESULTS_DIR: dir,
    },
  );
  const status = await run.done;
  answerer.stop();
  expect(status, run.out()).toBe(0);
  expect(run.out()).toMatch(/questbench · model human/);
  const { result } = readResult(dir);
  expect(result.run.model).toBe('human');
  expect(result.instances.map((i) => `${i.taskId} ${i.score}`).sort()).toEqual([
    'composite_wrap_unwrap_cycle 100',
    'erc20_approve 100',
    'query_bnb_balance 100',
  ]);
  const files = readdirSync(queue);
  const requests = files.filter((f) => f.endsWith('.request.md'));
  // Two atomic calls, and the composite episode's plan, rounds and submit.
  expect(requests.length).toBe(answerer.answered());
  expect(requests.length).toBeGreaterThanOrEqual(5);
  for (const r of requests) {
    expect(files).toContain(r.replace('.request.md', '.request.json'));
    expect(files).toContain(r.replace('.request.md', '.reply.md'));
  }
  expect(readFileSync(join(queue, requests[0]!), 'utf8')).toMatch(/^# Your turn/);
});

const BALANCE_SCRIPT = (address: string) => `\`\`\`typescript
import { JsonRpcProvider } from 'ethers';
export async function executeSkill(providerUrl: string) {
  const balance = await new JsonRpcProvider(providerUrl).getBalance('${address}');
  return { answer: balance.toString() };
}
\`\`\``;

test('at the terminal, a person types the reply and ends it with a lone "."', { timeout: 600_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-human-tty-'));
  // `script` gives the run a terminal, as a person's shell would.
  const run = start('script', ['-qfec', `"${process.execPath}" "${VITEST}" run --project atomic -t '^query_bnb_balance ·'`, '/dev/null'], {
    QUEST_MODEL: 'human',
    QUEST_RESULTS_DIR: dir,
    EDITOR: '',
  });
  let typed = false;
  run.child.stdout.on('data', () => {
    const out = run.out();
    if (typed || !out.includes('Your reply (end it with a line holding only ".")')) return;
    typed = true;
    const request = out.slice(out.indexOf('### user'));
    const address = /0x[0-9a-fA-F]{40}/.exec(request)![0];
    run.child.stdin.write(`${BALANCE_SCRIPT(address)}\n.\n`);
  });
  const status = await run.done;
  expect(typed, run.out()).toBe(true);
  expect(status, run.out()).toBe(0);
  const { result, lines } = readResult(dir);
  expect(result.instances[0]).toMatchObject({ taskId: 'query_bnb_balance', score: 100 });
  expect(lines[0]!.transcript.response).toContain('getBalance(');
});

test('at the terminal with $EDITOR, the reply is the file the editor leaves', { timeout: 600_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'qb-human-editor-'));
  const editor = join(dir, 'editor.sh');
  const reply = '```typescript\nexport async function executeSkill(p: string, agentAddress: string) { return { answer: "42" }; }\n```';
  writeFileSync(join(dir, 'reply.md'), reply);
  writeFileSync(editor, `#!/bin/sh\ncp "${join(dir, 'reply.md')}" "$1"\n`);
  chmodSync(editor, 0o755);
  const run = start('script', ['-qfec', `"${process.execPath}" "${VITEST}" run --project atomic -t '^query_bnb_balance ·'`, '/dev/null'], {
    QUEST_MODEL: 'human',
    QUEST_RESULTS_DIR: dir,
    QUEST_FAIL_ON: 'infra',
    EDITOR: editor,
  });
  const status = await run.done;
  expect(status, run.out()).toBe(0);
  expect(existsSync(join(dir, 'human'))).toBe(true);
  const { result, lines } = readResult(dir);
  expect(lines[0]!.transcript.response).toBe(reply);
  // A wrong answer, scored as one.
  expect(result.instances[0]).toMatchObject({ taskId: 'query_bnb_balance', passed: false });
});
