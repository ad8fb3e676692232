// CPU accounting from /proc (Linux): this process, its reaped children (Deno runs end up here once
// waited for) and its live descendants by name (anvil, esbuild). On a machine shared with other work,
// CPU time is a steadier measure than wall time.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let tickMs: number | undefined;
function msPerTick(): number {
  if (tickMs === undefined) {
    let hz = 100;
    try {
      hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      // the usual value
    }
    tickMs = 1000 / hz;
  }
  return tickMs;
}

export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, ms */
  cpuMs: number;
  /** cutime + cstime (reaped children), ms */
  childrenMs: number;
}

function parseStat(pid: number, stat: string): ProcInfo {
  // comm is in parentheses and may contain spaces; the numeric fields follow the closing one.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const f = stat.slice(close + 2).split(' ');
  // f[0] = state (field 3), so field n is f[n - 3].
  const n = (field: number) => Number(f[field - 3]);
  const t = msPerTick();
  return { pid, ppid: n(4), comm, cpuMs: (n(14) + n(15)) * t, childrenMs: (n(16) + n(17)) * t };
}

export function processTable(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      out.push(parseStat(Number(name), readFileSync(`/proc/${name}/stat`, 'utf8')));
    } catch {
      // exited while listing
    }
  }
  return out;
}

export function descendants(root: number, table: ProcInfo[] = processTable()): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of table) (children.get(p.ppid) ?? children.set(p.ppid, []).get(p.ppid)!).push(p);
  const out: ProcInfo[] = [];
  const stack = [root];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c.pid);
    }
  }
  return out;
}

export interface CpuSnapshot {
  self: ProcInfo;
  live: Map<number, ProcInfo>;
}

export function cpuSnapshot(): CpuSnapshot {
  const table = processTable();
  const self = table.find((p) => p.pid === process.pid) ?? parseStat(process.pid, readFileSync('/proc/self/stat', 'utf8'));
  return { self, live: new Map(descendants(process.pid, table).map((p) => [p.pid, p])) };
}

/** CPU ms between two snapshots: node (this process), finished children, and live ones by name. */
export function cpuDelta(a: CpuSnapshot, b: CpuSnapshot): Record<string, number> {
  const out: Record<string, number> = { node: b.self.cpuMs - a.self.cpuMs, finished: b.self.childrenMs - a.self.childrenMs };
  for (const p of b.live.values()) out[p.comm] = (out[p.comm] ?? 0) + p.cpuMs - (a.live.get(p.pid)?.cpuMs ?? 0);
  // A child live at the first snapshot and reaped by the second is in `finished` with its whole life.
  for (const p of a.live.values()) if (!b.live.has(p.pid)) out.finished! -= p.cpuMs;
  return out;
}

/** Resident memory (MiB) of one process; 0 if it is gone. */
export function rssMb(pid: number): number {
  try {
    return (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 2 ** 20;
  } catch {
    return 0; // exited meanwhile
  }
}

/** Resident memory (MiB) of a process and all its descendants: what the run holds at this moment. */
export function treeRssMb(root: number, table: ProcInfo[] = processTable()): number {
  return [root, ...descendants(root, table).map((p) => p.pid)].reduce((sum, pid) => sum + rssMb(pid), 0);
}

export const totalCpu = (d: Record<string, number>) => Object.values(d).reduce((x, y) => x + y, 0);

/** Whole-machine CPU counters from /proc/stat (all cores), for the share of time the machine was busy. */
export function machineCpu(): { busy: number; total: number } {
  const v = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export const busyShare = (a: { busy: number; total: number }, b: { busy: number; total: number }) =>
  (b.busy - a.busy) / Math.max(1, b.total - a.total);
