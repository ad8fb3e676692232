// Sections 3 and 4: the benchmark itself as a Vitest subprocess, timed from outside, with its process
// tree watched (anvils per worker) and the machine's CPU use sampled.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { busyShare, descendants, machineCpu, processTable, treeRssMb } from './cpu.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

export interface VitestRun {
  args: string[];
  wallS: number;
  exitCode: number | null;
  timedOut: boolean;
  passed: number;
  failed: number;
  /** Highest number of anvil processes alive at once under the run. */
  anvilPeak: number;
  /** Highest resident memory of the run's whole process tree (Vitest, workers, anvils, Deno), MiB. */
  peakRssMb: number;
  /** Share of all CPUs busy during the run (whole machine, from /proc/stat). */
  cpuBusy: number;
  /** CPU seconds (user + sys) used by the run's own process tree. */
  cpuS: number;
  tail: string;
  calls: ModelCall[];
  /** From the run's result file: instances and their harness-measured latency per split. */
  splits: Record<string, { instances: number; latencyMs: number[]; kAct: number[] }>;
  /** From the run's result file: each instance's result. */
  instances: RunInstance[];
}

export interface RunInstance {
  split: string;
  taskId: string;
  round: number;
  score: number;
  outcome: string;
  error?: string;
  /** Which checks passed, by name. */
  checks: [string, boolean][];
  latencyMs: number;
  /** The model's share of the instance's wall time (ms), from the JSONL. */
  modelLatencyMs?: number;
  /** The cost accounting's timing: after the model (`ms`), the replay ahead, the wait for it (ms). */
  risk?: { ms?: number; aheadMs?: number; waitMs?: number };
}

function readResults(dir: string): Pick<VitestRun, 'splits' | 'instances'> {
  const out: VitestRun['splits'] = {};
  const instances: RunInstance[] = [];
  const files: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) files.push(p);
    }
  };
  walk(dir);
  // The JSONL beside each results file carries what the summary file leaves out (the model's time).
  const detail = new Map<string, { modelLatencyMs?: number; risk?: RunInstance['risk'] }>();
  for (const f of files) {
    const jsonl = f.replace(/\.json$/, '.jsonl');
    if (!existsSync(jsonl)) continue;
    for (const line of readFileSync(jsonl, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const r = JSON.parse(line) as { split: string; taskId: string; round: number; modelLatencyMs?: number; risk?: RunInstance['risk'] };
        detail.set(`${r.split}/${r.taskId}/${r.round}`, { modelLatencyMs: r.modelLatencyMs, risk: r.risk });
      } catch {
        // a line cut short by an interrupted run
      }
    }
  }
  for (const f of files) {
    try {
      const run = JSON.parse(readFileSync(f, 'utf8')) as {
        instances?: (Omit<RunInstance, 'checks' | 'latencyMs'> & {
          latencyMs?: number;
          composite?: { kAct?: number };
          checks?: { name: string; passed: boolean }[];
        })[];
      };
      for (const i of run.instances ?? []) {
        const { split, taskId, round, score, outcome, error } = i;
        instances.push({
          split,
          taskId,
          round,
          score,
          outcome,
          ...(error ? { error } : {}),
          checks: (i.checks ?? []).map((c) => [c.name, c.passed]),
          latencyMs: i.latencyMs ?? 0,
          ...(() => {
            const d = detail.get(`${split}/${taskId}/${round}`);
            const risk = d?.risk ? { ms: d.risk.ms, aheadMs: d.risk.aheadMs, waitMs: d.risk.waitMs } : undefined;
            return { ...(d?.modelLatencyMs !== undefined ? { modelLatencyMs: d.modelLatencyMs } : {}), ...(risk ? { risk } : {}) };
          })(),
        });
        const s = (out[i.split] ??= { instances: 0, latencyMs: [], kAct: [] });
        s.instances++;
        if (typeof i.latencyMs === 'number') s.latencyMs.push(i.latencyMs);
        if (typeof i.composite?.kAct === 'number') s.kAct.push(i.composite.kAct);
      }
    } catch {
      // a result file of another shape: leave the split table empty
    }
  }
  return { splits: out, instances };
}

/** One model call of bench/latency-model.mjs: the worker process and when it started and ended. */
export interface ModelCall {
  pid: number;
  start: number;
  end: number;
}

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs `vitest run <args>` in its own process group; everything it started dies with the group. */
/** The published splits: the bench's runs compare with the figures measured before the hard split existed. */
export const PUBLISHED = ['--project', 'atomic', '--project', 'composite'];

export async function runVitest(args: string[], env: Record<string, string>, opts: { timeoutMs: number }): Promise<VitestRun> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'questbench-bench-run-'));
  const callsFile = path.join(tmp, 'calls.jsonl');
  let group: number | undefined;
  const release = onCleanup(async () => {
    if (group !== undefined) killGroup(group);
    await rm(tmp, { recursive: true, force: true });
  });
  try {
    const cpu0 = machineCpu();
    const started = performance.now();
    // bash's `times` reports the CPU of every reaped descendant (workers, anvils, Deno), so the run's
    // own CPU use is known even on a machine shared with other work.
    const script = '"$0" "$1" run "${@:2}"; rc=$?; times >&2; exit $rc';
    const child = spawn('bash', ['-c', script, process.execPath, VITEST, ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Results and caches of these runs stay out of the project's folders.
        QUEST_RESULTS_DIR: path.join(tmp, 'results'),
        QUEST_CACHE: 'off',
        QUEST_RESUME: '',
        QUEST_CACHE_DIR: path.join(tmp, 'cache'),
        BENCH_CALLS_FILE: callsFile,
        CI: '1',
        FORCE_COLOR: '0',
        ...env,
      },
    });
    group = child.pid;
    let out = '';
    const keep = (c: Buffer) => {
      out = (out + c.toString()).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let anvilPeak = 0;
    let peakRssMb = 0;
    const watch = setInterval(() => {
      const table = processTable();
      const alive = descendants(child.pid!, table).filter((p) => p.comm === 'anvil');
      anvilPeak = Math.max(anvilPeak, alive.length);
      peakRssMb = Math.max(peakRssMb, treeRssMb(child.pid!, table));
    }, 250);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid!);
    }, opts.timeoutMs);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('error', (e) => {
        keep(Buffer.from(`could not start the run: ${e.message}\n`));
        resolve(null);
      });
      child.on('close', (code) => resolve(code));
    });
    const wallS = (performance.now() - started) / 1000;
    clearTimeout(timer);
    clearInterval(watch);
    // Anything the run left behind (it should leave nothing) goes with its group.
    killGroup(child.pid!);
    group = undefined;
    const cpu1 = machineCpu();
    const text = stripAnsi(out);
    const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
    const times = [...text.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)].pop();
    const cpuS = times ? Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]) : Number.NaN;
    const calls = existsSync(callsFile)
      ? readFileSync(callsFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as ModelCall)
      : [];
    return {
      args,
      wallS,
      exitCode,
      timedOut,
      passed: num(/Tests\s+(?:\d+ failed \| )?(\d+) passed/),
      failed: num(/Tests\s+(\d+) failed/),
      anvilPeak,
      peakRssMb,
      cpuBusy: busyShare(cpu0, cpu1),
      cpuS,
      ...readResults(path.join(tmp, 'results')),
      tail: text.trim().split('\n').slice(-14).join('\n'),
      calls,
    };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    release();
  }
}

export interface CallStats {
  pidsSeen: number;
  peakConcurrency: number;
}

export function callStats(calls: ModelCall[]): CallStats {
  const events = calls.flatMap((c) => [
    { t: c.start, d: 1 },
    { t: c.end, d: -1 },
  ]);
  events.sort((a, b) => a.t - b.t || a.d - b.d);
  let cur = 0;
  let peak = 0;
  for (const e of events) peak = Math.max(peak, (cur += e.d));
  const byPid = new Map<number, ModelCall[]>();
  for (const c of calls) (byPid.get(c.pid) ?? byPid.set(c.pid, []).get(c.pid)!).push(c);
  return {
    pidsSeen: byPid.size,
    peakConcurrency: peak,
  };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
