// What honest scripts ask of the chain: every reference solution of every split runs through the real
// pipeline, and the proxy route's usage of each instance is collected. The limits in
// src/sandbox/rpc-limits.ts are chosen from these maxima with a wide margin.
//
//   npx tsx bench/rpc-usage.ts            (RPC_USAGE_CONCURRENCY=8 runs 8 instances at once, as a
//                                           default run does, so chain time is measured under load)
import '../src/polyfills.ts';
import { CHAIN_STATES, stateOf, type ChainState } from '../src/chain/chain-states.ts';
import type { ChainSession } from '../src/chain/session.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import type { InstanceRecord } from '../src/results/record.ts';
import type { InstanceUsage } from '../src/sandbox/rpc-budget.ts';
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { closeSandboxHosts, prepareSandbox } from '../src/sandbox/index.ts';
import type { Split } from '../src/tasks/task.ts';
import { loadTasks, type Task } from '../src/instance/task.ts';
import { openTestSession } from '../test/helpers/session.ts';
import { onCleanup, runCleanup } from './cleanup.ts';
import { table } from './stats.ts';

export interface UsageRow {
  taskId: string;
  split: Split;
  score: number;
  usage: InstanceUsage;
}

/** A chain session of a state on its own anvil, stopped by the bench's cleanup if it is interrupted. */
async function openSession(state: ChainState): Promise<{ session: ChainSession; close(): Promise<void> }> {
  const t = await openTestSession(state);
  const done = onCleanup(() => t.node()?.stop());
  return {
    session: t.session,
    async close() {
      await t.close();
      done();
    },
  };
}

/** Every reference solution of one chain state's tasks, on `concurrency` sessions of it. */
async function usageOn(state: ChainState, tasks: Task[], concurrency: number): Promise<UsageRow[]> {
  if (tasks.length === 0) return [];
  const sessions = await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, () => openSession(state)));
  const common = { round: 1, runSeed: 20260, rounds: 1, scriptTimeoutMs: 30_000 };
  const rows: UsageRow[] = [];
  let next = 0;
  try {
    await Promise.all(
      sessions.map(async ({ session }) => {
        while (next < tasks.length) {
          const task = tasks[next++]!;
          rows.push(row(await runInstance({ ...common, task, session, model: referenceFor(task, session) }), session));
        }
      }),
    );
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
  return rows;
}

/** Runs every reference solution once (seed 20260, round 1) on `concurrency` sessions per chain; one row per instance. */
export async function measureReferenceUsage(concurrency: number): Promise<UsageRow[]> {
  await prepareSandbox();
  const tasks = (await Promise.all(['atomic', 'composite', 'hard'].map((d) => loadTasks(`tasks/${d}`)))).flat();
  const rows: UsageRow[] = [];
  try {
    for (const state of CHAIN_STATES)
      rows.push(
        ...(await usageOn(
          state,
          tasks.filter((t) => stateOf(t.split) === state),
          concurrency,
        )),
      );
  } finally {
    closeSandboxHosts();
  }
  return rows;
}

function row(r: InstanceRecord, session: ChainSession): UsageRow {
  return { taskId: r.taskId, split: r.split, score: r.score, usage: session.proxy.usage() };
}

/** The largest value of each usage field and the task it came from. */
export function usageMaxima(rows: UsageRow[]): { field: keyof InstanceUsage; max: number; taskId: string }[] {
  const fields = Object.keys(rows[0]?.usage ?? {}).filter((k) => k !== 'exhausted' && k !== 'open') as (keyof InstanceUsage)[];
  return fields.map((field) => {
    let best = rows[0]!;
    for (const r of rows) if ((r.usage[field] as number) > (best.usage[field] as number)) best = r;
    return { field, max: best.usage[field] as number, taskId: best.taskId };
  });
}

const LIMIT_OF: Partial<Record<keyof InstanceUsage, number>> = {
  requests: RPC_LIMITS.requestsPerInstance,
  upstreamMs: RPC_LIMITS.upstreamMsPerInstance,
  peakOpen: RPC_LIMITS.maxOpenRequests,
  peakInFlight: RPC_LIMITS.maxInFlight,
  maxBatch: RPC_LIMITS.maxBatchLength,
  maxBodyBytes: RPC_LIMITS.maxBodyBytes,
  maxDepth: RPC_LIMITS.maxJsonDepth,
  maxGas: RPC_LIMITS.maxCallGas,
  maxLogBlocks: RPC_LIMITS.maxLogBlockRange,
  maxOverrideAccounts: RPC_LIMITS.maxOverrideAccounts,
  maxOverrideSlots: RPC_LIMITS.maxOverrideSlots,
  maxOverrideCodeBytes: RPC_LIMITS.maxOverrideCodeBytes,
  maxResponseBytes: RPC_LIMITS.maxResponseBytes,
};

export function usageTable(rows: UsageRow[]): string {
  const out = usageMaxima(rows).map(({ field, max, taskId }) => {
    const limit = LIMIT_OF[field];
    return [
      field,
      Number.isInteger(max) ? String(max) : max.toFixed(1),
      max > 0 ? taskId : '—',
      limit === undefined ? '' : String(limit),
      limit && max > 0 ? `${(limit / max).toFixed(0)}×` : '',
    ];
  });
  return table(['usage per instance', 'max', 'task', 'limit', 'margin'], out);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const concurrency = Math.max(1, Number(process.env.RPC_USAGE_CONCURRENCY ?? 1));
  const t0 = performance.now();
  measureReferenceUsage(concurrency)
    .then((rows) => {
      const below = rows.filter((r) => r.score < 100);
      console.log(
        `${rows.length} reference instances at concurrency ${concurrency} in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${below.length} below 100${below.length ? `: ${below.map((r) => r.taskId).join(', ')}` : ''}`,
      );
      console.log(usageTable(rows));
      const exhausted = rows.filter((r) => r.usage.exhausted);
      if (exhausted.length) console.log(`EXHAUSTED: ${exhausted.map((r) => `${r.taskId} (${r.usage.exhausted!.budget})`).join(', ')}`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    })
    .finally(() => runCleanup());
}
