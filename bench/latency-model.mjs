// A `module:` model for throughput runs: waits BENCH_LATENCY_MS (default 2000) like a remote model
// would, then answers with the gold solution it finds from the messages alone (test/fixtures/gold.ts).
// With BENCH_CALLS_FILE set, every call appends one JSON line (pid, start, end) so the bench can
// count calls in flight afterwards.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { goldReply } from '../test/fixtures/gold.ts';

const latency = Number(process.env.BENCH_LATENCY_MS ?? 2000);

export async function respond(messages, { signal }) {
  const start = Date.now();
  await sleep(latency, undefined, { signal });
  const gold = await goldReply(messages);
  if (process.env.BENCH_CALLS_FILE)
    appendFileSync(process.env.BENCH_CALLS_FILE, `${JSON.stringify({ pid: process.pid, start, end: Date.now() })}\n`);
  return { text: gold?.text ?? '{"error": "unknown request"}', usage: { inputTokens: 0, outputTokens: 0 } };
}
