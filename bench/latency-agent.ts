// An `agent:` module for the bench's wallet-agent section: the gold agent (test/fixtures/gold-agent.ts)
// thinking BENCH_LATENCY_MS (default 2000) before each step, as an agent waiting on a remote model
// would. With BENCH_CALLS_FILE set, every step appends one JSON line (pid, start, end) so the bench
// counts steps in flight afterwards, the same way it counts a module model's calls.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { goldAgent, type AgentArgs } from '../test/fixtures/gold-agent.ts';

const latency = Number(process.env.BENCH_LATENCY_MS ?? 2000);

async function think(): Promise<void> {
  const start = Date.now();
  await sleep(latency);
  if (process.env.BENCH_CALLS_FILE)
    appendFileSync(process.env.BENCH_CALLS_FILE, `${JSON.stringify({ pid: process.pid, start, end: Date.now() })}\n`);
}

export const agent = (args: AgentArgs) => goldAgent(args, { think });
