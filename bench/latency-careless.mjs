// A `module:` model for the bench's replay section: the careless solver (test/fixtures/careless-solver.mjs,
// which moves money its own way: the wrong recipient, too many units, an unlimited approval) answering
// after BENCH_LATENCY_MS (default 1000), as a remote model would. Every call appends one JSON line
// (pid, start, end) to BENCH_CALLS_FILE when it is set.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { respond as careless } from '../test/fixtures/careless-solver.mjs';

const latency = Number(process.env.BENCH_LATENCY_MS ?? 1000);

export async function respond(messages, { signal }) {
  const start = Date.now();
  await sleep(latency, undefined, { signal });
  const reply = await careless(messages);
  if (process.env.BENCH_CALLS_FILE)
    appendFileSync(process.env.BENCH_CALLS_FILE, `${JSON.stringify({ pid: process.pid, start, end: Date.now() })}\n`);
  return typeof reply === 'string' ? { text: reply, usage: { inputTokens: 0, outputTokens: 0 } } : reply;
}
