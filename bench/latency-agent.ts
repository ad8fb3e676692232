// An `agent:` module for the bench's wallet-agent section: the gold agent (test/fixtures/gold-agent.ts)
// thinking BENCH_LATENCY_MS (default 2000) before each step, as an agent waiting on a remote model
// would. It computes its transactions in its own process, as an agent built on viem tools does, so
// the wall time beyond its thinking is the harness's (the sandbox's cost is the text protocol's,
// measured in the realistic section); BENCH_AGENT_SANDBOX=1 runs its scripts in the sandbox instead. With BENCH_CALLS_FILE set, every step appends one JSON line (pid, start, end) so the bench
// counts steps in flight afterwards, the same way it counts a module model's calls.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { goldAgent, type AgentArgs } from '../test/fixtures/gold-agent.ts';
import { runScriptInProcess } from '../src/sandbox/trusted.ts';

const latency = Number(process.env.BENCH_LATENCY_MS ?? 2000);

async function think(): Promise<void> {
  const start = Date.now();
  await sleep(latency);
  if (process.env.BENCH_CALLS_FILE)
    appendFileSync(process.env.BENCH_CALLS_FILE, `${JSON.stringify({ pid: process.pid, start, end: Date.now() })}\n`);
}

const inProcess = process.env.BENCH_AGENT_SANDBOX ? {} : { run: runScriptInProcess };

export const agent = (args: AgentArgs) => goldAgent(args, { think, ...inProcess });
