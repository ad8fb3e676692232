// The blind check's queue: runs a split with QUEST_MODEL=human answering through a folder, and serves a
// solver who never saw the task files one request at a time. The solver sees what a model sees (the
// request file) and nothing of the task: call names carry no task id, and the run's log stays in the
// check's folder, which the solver is told not to read.
//
//   npx tsx test/blind/queue.ts start  --dir D --seed N [--project hard] [--only 'id|id'] [--lesson simulate_as_sent] [--concurrency 24]
//   npx tsx test/blind/queue.ts next   --dir D [--wait 600]     the oldest unanswered request, or "done"
//   npx tsx test/blind/queue.ts answer --dir D --call NAME [--file F]   (default: standard input)
//   npx tsx test/blind/queue.ts status --dir D                  pending / answered; scores once the run ended
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const RunFile = z.object({
  pid: z.number().int(),
  seed: z.number().int(),
  project: z.string(),
  only: z.string().optional(),
  lesson: z.string().optional(),
});

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string' },
    seed: { type: 'string' },
    project: { type: 'string', default: 'hard' },
    only: { type: 'string' },
    lesson: { type: 'string' },
    concurrency: { type: 'string', default: '24' },
    wait: { type: 'string', default: '600' },
    call: { type: 'string' },
    file: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`blind queue: ${message}`);
  process.exit(2);
}

// Piped into head, stdout closes early: that is not an error of the queue.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const command = positionals[0];
if (!values.dir) fail('--dir is required (the check folder: its queue, results and log live there)');
const dir = resolve(values.dir);
const queue = join(dir, 'queue');
const runFile = join(dir, 'run.json');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const readRun = () => (existsSync(runFile) ? RunFile.parse(JSON.parse(readFileSync(runFile, 'utf8'))) : undefined);
const calls = () =>
  existsSync(queue)
    ? readdirSync(queue)
        .filter((f) => f.endsWith('.request.md'))
        .map((f) => f.slice(0, -'.request.md'.length))
        .sort((a, b) => statSync(join(queue, `${a}.request.md`)).mtimeMs - statSync(join(queue, `${b}.request.md`)).mtimeMs)
    : [];
const pending = () => calls().filter((c) => !existsSync(join(queue, `${c}.reply.md`)));

function start(): void {
  if (!values.seed || !/^\d+$/.test(values.seed)) fail('--seed N is required: a seed nobody used before');
  if (readRun() && alive(readRun()!.pid)) fail(`a run is already going in ${dir}`);
  mkdirSync(queue, { recursive: true });
  const log = openSync(join(dir, 'run.log'), 'a');
  const args = ['vitest', 'run', '--project', values.project, ...(values.only ? ['-t', `^(${values.only}) ·`] : [])];
  const child = spawn('npx', args, {
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      QUEST_MODEL: 'human',
      QUEST_HUMAN_DIR: queue,
      QUEST_SEED: values.seed,
      QUEST_ROUNDS: '1',
      // Instances wait for their answers side by side (each on its own node): the solver takes them in any order.
      QUEST_CONCURRENCY: values.concurrency,
      QUEST_RESULTS_DIR: join(dir, 'results'),
      QUEST_CACHE: 'off',
      QUEST_FAIL_ON: 'infra',
      ...(values.lesson ? { QUEST_LESSON: values.lesson } : {}),
    },
  });
  child.unref();
  writeFileSync(
    runFile,
    JSON.stringify({ pid: child.pid, seed: Number(values.seed), project: values.project, only: values.only, lesson: values.lesson }),
  );
  console.log(`started: seed ${values.seed}, project ${values.project}${values.lesson ? `, lesson ${values.lesson}` : ''}; queue ${queue}`);
}

async function next(): Promise<void> {
  const until = Date.now() + Number(values.wait) * 1000;
  for (;;) {
    const [first] = pending();
    if (first) {
      console.log(`call: ${first}\n`);
      console.log(readFileSync(join(queue, `${first}.request.md`), 'utf8'));
      return;
    }
    const run = readRun();
    if (!run || !alive(run.pid)) {
      console.log('done: no request is waiting and the run has ended (see `status`)');
      return;
    }
    if (Date.now() > until) {
      console.log('waiting: no request yet (a multi-round task sends its next round once the last was played); ask again');
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

function answer(): void {
  if (!values.call || !/^call-[\w-]+$/.test(values.call)) fail('--call NAME is required (the name `next` printed)');
  if (!existsSync(join(queue, `${values.call}.request.md`))) fail(`no request ${values.call} in the queue`);
  const reply = join(queue, `${values.call}.reply.md`);
  if (existsSync(reply)) fail(`${values.call} is already answered`);
  const text = readFileSync(values.file ?? 0, 'utf8');
  if (!text.trim()) fail('the reply is empty');
  writeFileSync(`${reply}.tmp`, text);
  renameSync(`${reply}.tmp`, reply);
  console.log(`answered ${values.call}`);
}

function status(): void {
  const run = readRun();
  const all = calls();
  const open = pending();
  const running = run ? alive(run.pid) : false;
  console.log(`${running ? 'running' : 'ended'} · ${all.length - open.length} answered · ${open.length} waiting`);
  if (running) return;
  const results = join(dir, 'results');
  // The results file of the run: results/<model slug>/<run id>.json.
  const files = existsSync(results) ? readdirSync(results, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')) : [];
  if (!files.length) {
    console.log('no results file (see run.log)');
    return;
  }
  const newest = files.sort().at(-1)!;
  const r = JSON.parse(readFileSync(join(results, newest), 'utf8')) as {
    instances: { taskId: string; score: number; outcome: string; mechanisms?: string[] }[];
  };
  for (const i of r.instances)
    console.log(`${String(i.score).padStart(5)}  ${i.outcome.padEnd(12)} ${i.taskId}  ${i.mechanisms?.[0] ?? ''}`);
  const mean = r.instances.reduce((s, i) => s + i.score, 0) / Math.max(1, r.instances.length);
  console.log(`mean ${mean.toFixed(1)} over ${r.instances.length} instances · ${join(results, newest)}`);
}

if (command === 'start') start();
else if (command === 'next') await next();
else if (command === 'answer') answer();
else if (command === 'status') status();
else fail('a command: start, next, answer or status');
