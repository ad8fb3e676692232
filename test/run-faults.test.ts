// A run always ends: each stage of an instance fails or stalls in turn (through the harness's fault
// seam, test/fixtures/faults/injector.ts), at concurrency 1 and 8, in fork mode so that every stage
// exists. The run ends within its no-fault wall time + 30 s, every instance is in the results file,
// the hit ones as infra saying where, and every other instance scores as it does without faults. The
// upstream is the published mirror, which has no PancakeSwap V3: the hard tasks of the run are said
// once to be unservable and recorded infra while the atomic ones run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAnvil, type RunningAnvil } from '../src/chain/anvil.ts';
import { MIRROR_STATE } from '../src/chain/mirror-files.ts';
import type { Stage } from '../src/fault-points.ts';
import { RunResult, type InstanceRecord } from '../src/results/record.ts';
import { ATOMIC as ATOMIC_FILES, HARD as HARD_FILES, taskId } from './fixtures/faults/tasks.ts';
import { latestRunFile, ROOT, VITEST } from './helpers/runs.ts';

const ATOMIC = ATOMIC_FILES.map(taskId);
const HARD = HARD_FILES.map(taskId);

// Every stage, in the order its fault is claimed: the first instance to reach a stage unhit takes it.
const FAULTS: { stage: Stage | 'node-answer'; kind: 'throw' | 'stall'; says: RegExp }[] = [
  { stage: 'session-open', kind: 'throw', says: /injected fault at session-open/ },
  { stage: 'node-start', kind: 'throw', says: /injected fault at node-start/ },
  { stage: 'node-answer', kind: 'stall', says: /harness failure: The request took too long to respond/ },
  { stage: 'fork-bootstrap', kind: 'throw', says: /injected fault at fork-bootstrap/ },
  { stage: 'provision', kind: 'throw', says: /injected fault at provision/ },
  { stage: 'setup', kind: 'throw', says: /injected fault at setup/ },
  { stage: 'setup', kind: 'stall', says: /preparing the instance .* did not finish within 6 s/ },
  { stage: 'script', kind: 'throw', says: /injected fault at script/ },
  { stage: 'score', kind: 'throw', says: /injected fault at score/ },
  { stage: 'score', kind: 'stall', says: /scoring did not finish within 6 s/ },
  { stage: 'record', kind: 'throw', says: /injected fault at record/ },
];
const faultId = (i: number) => `${String(i).padStart(2, '0')}-${FAULTS[i]!.stage}-${FAULTS[i]!.kind}`;

let upstream: RunningAnvil;
const work = mkdtempSync(join(tmpdir(), 'qb-run-faults-'));

beforeAll(async () => {
  upstream = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
});
afterAll(async () => upstream?.stop());

interface Finished {
  status: number | null;
  out: string;
  wallMs: number;
  records: InstanceRecord[];
  /** Fault id → the instance it hit. */
  hits: Map<string, string>;
}

/** One benchmark run in a subprocess (asynchronously: the upstream anvil's output must keep draining). */
async function run(name: string, concurrency: number, faults: boolean): Promise<Finished> {
  const dir = join(work, name);
  const claims = join(dir, 'claims');
  mkdirSync(claims, { recursive: true });
  const plan = join(dir, 'plan.json');
  writeFileSync(
    plan,
    JSON.stringify({
      dir: claims,
      faults: faults ? FAULTS.map((f, i) => ({ id: faultId(i), stage: f.stage, kind: f.kind })) : [],
      // Short enough that the three stalls at concurrency 1 stay within the 30 s the run may take beyond a
      // clean one (a node that never answers fails its first request), long enough for a legitimate step
      // on a loaded machine; opening a session keeps a minute, and a clean run keeps the defaults.
      deadlines: faults
        ? { sessionMs: 60_000, forkSessionMs: 60_000, stageMs: 6_000, forkStageMs: 6_000, probeMs: 1_000, nodeRequestMs: 5_000 }
        : {},
    }),
  );
  const started = performance.now();
  const child = spawn(process.execPath, [VITEST, 'run', '--config', 'test/fixtures/faults/vitest.config.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CI: 'true',
      NO_COLOR: '1',
      QB_FAULTS: plan,
      QUEST_FORK_URL: upstream.url,
      QUEST_CONCURRENCY: String(concurrency),
      QUEST_RESULTS_DIR: join(dir, 'results'),
      QUEST_CACHE: 'off',
    },
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  // A run that hangs (the failure this file guards against) fails here, not at the hook's timeout.
  const killer = setTimeout(() => child.kill('SIGKILL'), 110_000);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(killer);
  const wallMs = performance.now() - started;
  const result = RunResult.parse(JSON.parse(readFileSync(latestRunFile(join(dir, 'results'), 'reference'), 'utf8')));
  const records = readFileSync(latestRunFile(join(dir, 'results'), 'reference', '.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as InstanceRecord);
  expect(result.instances).toHaveLength(records.length);
  const hits = new Map(readdirSync(claims).map((id) => [id, readFileSync(join(claims, id, 'instance'), 'utf8')]));
  return { status, out, wallMs, records, hits };
}

const byTask = (f: Finished) => new Map(f.records.map((r) => [r.taskId, r]));

describe.each([1, 8])('at concurrency %i', (concurrency) => {
  let clean: Finished;
  let faulty: Finished;
  beforeAll(async () => {
    clean = await run(`clean-${concurrency}`, concurrency, false);
    faulty = await run(`faulty-${concurrency}`, concurrency, true);
  }, 240_000);

  test('without faults: the atomic tasks score 100 and the hard ones are infra, said once at the start', () => {
    const records = byTask(clean);
    expect([...records.keys()].sort()).toEqual([...ATOMIC, ...HARD].sort());
    for (const id of ATOMIC) expect(records.get(id)!.score, `${id}: ${records.get(id)!.outcome} ${records.get(id)!.error ?? ''}`).toBe(100);
    for (const id of HARD) {
      expect(records.get(id)!.outcome).toBe('infra');
      expect(records.get(id)!.error).toMatch(/the hard split cannot run on this fork: the fork has no PancakeSwap V3/);
    }
    const said = clean.out.split('\n').filter((l) => l.includes('cannot run on this fork') && l.startsWith('questbench ·'));
    expect(said).toEqual([expect.stringMatching(/its 2 instances are recorded infra, the other splits run as usual$/)]);
    // Infra instances always fail the run.
    expect(clean.status).not.toBe(0);
  });

  test('every fault fires once, on an instance of its own, which is recorded infra saying where', () => {
    expect([...faulty.hits.keys()].sort()).toEqual(FAULTS.map((_, i) => faultId(i)));
    const hit = [...faulty.hits.values()];
    expect(new Set(hit).size).toBe(FAULTS.length);
    const records = new Map(faulty.records.map((r) => [`${r.split}/${r.taskId}/${r.round}`, r]));
    FAULTS.forEach((f, i) => {
      const rec = records.get(faulty.hits.get(faultId(i))!)!;
      expect(rec.outcome, faultId(i)).toBe('infra');
      expect(rec.error, faultId(i)).toMatch(f.says);
    });
  });

  test('the run ends within its no-fault time + 30 s, with every instance in the results file and the others unchanged', () => {
    expect(faulty.wallMs).toBeLessThan(clean.wallMs + 30_000);
    const before = byTask(clean);
    const after = byTask(faulty);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const hit = new Set([...faulty.hits.values()].map((k) => k.split('/')[1]));
    for (const [id, rec] of after) {
      if (hit.has(id)) continue;
      const was = before.get(id)!;
      expect({ score: rec.score, outcome: rec.outcome, checks: rec.checks, error: rec.error }, id).toEqual({
        score: was.score,
        outcome: was.outcome,
        checks: was.checks,
        error: was.error,
      });
    }
    expect(faulty.status).not.toBe(0);
  });
});
