// A `module:` model for the scaling runs: waits BENCH_LATENCY_MS (default 300) like a remote model
// would, then answers with the task's gold solution (built as test/fixtures/counting-solver.mjs does).
// With BENCH_CALLS_FILE set, every call appends one JSON line (worker pool id, pid, start, end) so
// the bench can check per-worker concurrency afterwards.
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const latency = Number(process.env.BENCH_LATENCY_MS ?? 300);

export async function respond(_messages, ctx, signal) {
  if (!ctx.reference) throw new Error(`latency-model needs the reference solution (task ${ctx.taskId})`);
  const start = Date.now();
  await sleep(latency, undefined, signal ? { signal } : undefined);
  const source = ctx.reference.source.replace(/^[ \t]*(export[ \t]+)?declare const PARAMS[^\n]*\n/m, '');
  const text = `\`\`\`typescript\nconst PARAMS = ${JSON.stringify(ctx.reference.params)};\n${source}\n\`\`\``;
  if (process.env.BENCH_CALLS_FILE) {
    const line = { task: ctx.taskId, round: ctx.round, pool: process.env.VITEST_POOL_ID ?? '', pid: process.pid, start, end: Date.now() };
    appendFileSync(process.env.BENCH_CALLS_FILE, `${JSON.stringify(line)}\n`);
  }
  return { text, usage: { inputTokens: 0, outputTokens: 0 } };
}
