import { readFileSync } from 'node:fs';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (ms) a process has used so far, or undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Within a few seconds the sandbox host (a long-lived Deno process) is gone or idle: what ran the
 * script was really stopped, not just abandoned. (Deno's Worker.terminate() cannot stop a Worker
 * busy in JavaScript; the harness then replaces the whole host process.)
 */
export async function expectNotSpinning(pid: number): Promise<void> {
  if (process.platform !== 'linux') return;
  let used = 0;
  for (let i = 0; i < 8; i++) {
    const a = cpuMs(pid);
    await sleep(500);
    const b = cpuMs(pid);
    if (a === undefined || b === undefined) return;
    used = b - a;
    if (used < 150) return;
  }
  throw new Error(`host ${pid} still uses ${used} ms of CPU per 500 ms`);
}
