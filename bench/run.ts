// `npm run bench`: harness overhead against the raw chain floor, phase profile, the realistic protocol
// with a fixed-latency model at several concurrencies, the full reference run, and the benchmark under
// attack (half the tasks answered by scripts that lean on the shared proxy and nodes), measured in one
// go on this machine. The output ends with
//   realistic efficiency: <E> at concurrency 32
//   overhead ratio: <harness median / floor median>
//   attack slowdown: <wall under attack / clean wall>
//   cost accounting: <share of the harness's time per instance> (reference model)
//   cost accounting, careless solver: <share of the instances' wall time>, <share of the harness's time>
//   replay wall: <s> for <n> calls at 1 s, concurrency 32
//   one-round reference: <s> for 107 tasks
//   agent efficiency: <E> at concurrency 32
//   chain overhead base/bsc: <wall of the atomic reference on Base / on BSC>
// Each section records the 1-minute load average at its start and end; one that starts above 1.5
// (other work on the machine) runs once more.
//
// Knobs (environment): BENCH_FLOOR_ITERATIONS (200), BENCH_ROUNDS (3), BENCH_LATENCY_MS (2000),
// BENCH_CONCURRENCY ("8,32,64"), BENCH_REALISTIC_ROUNDS (5), BENCH_FULL_ROUNDS (5), BENCH_SKIP (comma
// list of floor, harness, realistic, full, attack, agents, replay, one-round, chains), BENCH_REPLAY_LATENCY_MS (1000), BENCH_QUICK=1 (fewer iterations, one round, for a
// smoke test). `npm run bench:attack` runs the attack section alone.
import '../src/polyfills.ts';
import os from 'node:os';
import { runCleanup } from './cleanup.ts';
import { busyShare, machineCpu } from './cpu.ts';
import { measureAttack, printAttack } from './attack.ts';
import { measureFloor, type FloorResult } from './floor.ts';
import { measureHarness, type HarnessResult } from './harness.ts';
import type { SandboxProbe } from './sandbox-probe.ts';
import { errorText, fmt, median, percentile, table, type Summary } from './stats.ts';
import { PASS_LINE } from '../src/validators/score.ts';
import { callStats, PUBLISHED, runVitest, type VitestRun } from './vitest-runs.ts';

const quick = process.env.BENCH_QUICK === '1';
const intEnv = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : dflt;
};
const FLOOR_ITERATIONS = Math.max(100, intEnv('BENCH_FLOOR_ITERATIONS', quick ? 100 : 200));
const ROUNDS = intEnv('BENCH_ROUNDS', quick ? 1 : 3);
const LATENCY_MS = intEnv('BENCH_LATENCY_MS', 2000);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '8,32,64')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const REALISTIC_ROUNDS = intEnv('BENCH_REALISTIC_ROUNDS', quick ? 1 : 5);
const FULL_ROUNDS = intEnv('BENCH_FULL_ROUNDS', 5);
const REPLAY_LATENCY_MS = intEnv('BENCH_REPLAY_LATENCY_MS', 1000);
/** The concurrency the summary line reports. */
const HEADLINE_CONCURRENCY = 32;
const SKIP = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const RUN_TIMEOUT_MS = 10 * 60_000;

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => {
    process.stdout.write(`\ninterrupted (${sig}): stopping anvils and runs, removing temp dirs\n`);
    void runCleanup().finally(() => process.exit(130));
  });
}

const log = (s: string) => process.stdout.write(`${s}\n`);
const progress = (s: string) => log(`· ${s}`);

function machineBusy(ms: number): Promise<number> {
  const a = machineCpu();
  return new Promise((resolve) => setTimeout(() => resolve(busyShare(a, machineCpu())), ms));
}

/** A section run at a 1-minute load average above this (other work on the machine) is flagged and run again once. */
const QUIET_LOAD = 1.5;
const load1 = () => os.loadavg()[0]!;

/** Waits up to `ms` for the machine to settle (the last section's own load decays over a minute or so). */
async function settle(ms: number): Promise<number> {
  const until = performance.now() + ms;
  while (load1() > QUIET_LOAD && performance.now() < until) await new Promise((r) => setTimeout(r, 2000));
  return load1();
}

interface Load {
  start: number;
  end: number;
  /** The first attempt started above QUIET_LOAD and this is the rerun; `first` is that attempt's. */
  rerun?: { start: number; end: number };
}
const loads: { name: string; load: Load }[] = [];

async function section<T>(
  name: string,
  skip: boolean,
  fn: () => Promise<T>,
): Promise<{ value?: T; error?: string; skipped?: boolean; load?: Load }> {
  if (skip) {
    progress(`${name}: skipped (BENCH_SKIP)`);
    return { skipped: true };
  }
  let first: { start: number; end: number } | undefined;
  for (let attempt = 1; ; attempt++) {
    const start = await settle(quick ? 0 : 90_000);
    const t = performance.now();
    progress(`${name} ... (load ${start.toFixed(2)})`);
    let out: { value?: T; error?: string };
    try {
      out = { value: await fn() };
      progress(`${name}: done in ${((performance.now() - t) / 1000).toFixed(1)} s (load ${start.toFixed(2)} → ${load1().toFixed(2)})`);
    } catch (e) {
      progress(`${name}: FAILED: ${errorText(e)}`);
      out = { error: errorText(e) };
    }
    const load: Load = { start, end: load1(), ...(first ? { rerun: first } : {}) };
    if (start > QUIET_LOAD && attempt === 1 && !quick) {
      progress(`${name}: started at load ${start.toFixed(2)} (> ${QUIET_LOAD}): flagged, running it once more`);
      first = { start: load.start, end: load.end };
      continue;
    }
    loads.push({ name, load });
    return { ...out, load };
  }
}

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const cpuText = (c: Record<string, number>) => {
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  const parts = Object.entries(c)
    .filter(([, v]) => Math.abs(v) >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k === 'finished' ? 'deno (finished children)' : k} ${fmt(v, 1)}`);
  return `${fmt(total, 1)} ms (${parts.join(', ')})`;
};

async function main() {
  const cpus = os.availableParallelism();
  const idleBefore = await machineBusy(1000);
  log(
    `questbench bench · node ${process.version} · ${cpus} CPUs · load avg ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} · machine busy before start ${pct(idleBefore)}`,
  );
  log(`  (other processes on this machine add noise; CPU s columns count only each run's own process tree)`);

  // 1. Floor
  const floor = await section(`1/9 floor: ${FLOOR_ITERATIONS} iterations on a mirror anvil`, SKIP.has('floor'), () =>
    measureFloor({ iterations: FLOOR_ITERATIONS, warmup: 20 }),
  );

  // 2. Harness phases
  const harness = await section(`2/9 harness phases: 62 atomic tasks × ${ROUNDS} round(s), reference model`, SKIP.has('harness'), () =>
    measureHarness({ rounds: ROUNDS, warmupTasks: 8, probeSamples: quick ? 10 : 20 }),
  );

  // 3. Realistic: the whole protocol with a model of fixed latency, at several concurrencies.
  const realistic: { concurrency: number; run?: VitestRun; error?: string }[] = [];
  if (SKIP.has('realistic')) progress('3/9 realistic: skipped (BENCH_SKIP)');
  for (const c of SKIP.has('realistic') ? [] : CONCURRENCY) {
    const r = await section(
      `3/9 realistic: QUEST_ROUNDS=${REALISTIC_ROUNDS} QUEST_CONCURRENCY=${c} vitest run, gold answers after ${LATENCY_MS} ms`,
      false,
      () =>
        runVitest(
          PUBLISHED,
          {
            QUEST_MODEL: 'module:bench/latency-model.mjs',
            BENCH_LATENCY_MS: String(LATENCY_MS),
            QUEST_ROUNDS: String(REALISTIC_ROUNDS),
            QUEST_CONCURRENCY: String(c),
            QUEST_FAIL_ON: 'infra',
          },
          { timeoutMs: RUN_TIMEOUT_MS * 2 },
        ),
    );
    realistic.push({ concurrency: c, ...(r.value ? { run: r.value } : {}), ...(r.error ? { error: r.error } : {}) });
  }

  // 4. Full reference run
  const full: { label: string; run?: VitestRun; error?: string }[] = [];
  if (SKIP.has('full')) progress('4/9 full run: skipped (BENCH_SKIP)');
  else {
    const r = await section(`4/9 full run: QUEST_ROUNDS=${FULL_ROUNDS} vitest run`, false, () =>
      runVitest(PUBLISHED, { QUEST_MODEL: 'reference', QUEST_ROUNDS: String(FULL_ROUNDS) }, { timeoutMs: RUN_TIMEOUT_MS }),
    );
    full.push({ label: 'defaults', ...(r.value ? { run: r.value } : {}), ...(r.error ? { error: r.error } : {}) });
  }

  // 5. Under attack
  const attack = await section(
    '5/9 under attack: both splits at QUEST_CONCURRENCY=8, clean, half attacked, clean again',
    SKIP.has('attack'),
    () => measureAttack({ concurrency: 8, timeoutMs: RUN_TIMEOUT_MS * 2 }),
  );

  // 7. Recorded-style answers that move money their own way: the cost accounting as users pay it.
  const replay = await section(
    `6/9 replay: QUEST_MODEL=module:bench/latency-careless.mjs QUEST_ROUNDS=1 QUEST_CONCURRENCY=${HEADLINE_CONCURRENCY}, the careless solver after ${REPLAY_LATENCY_MS} ms`,
    SKIP.has('replay'),
    () =>
      runVitest(
        PUBLISHED,
        {
          QUEST_MODEL: 'module:bench/latency-careless.mjs',
          BENCH_LATENCY_MS: String(REPLAY_LATENCY_MS),
          QUEST_ROUNDS: '1',
          QUEST_CONCURRENCY: String(HEADLINE_CONCURRENCY),
          QUEST_FAIL_ON: 'infra',
        },
        { timeoutMs: RUN_TIMEOUT_MS },
      ),
  );

  // 8. One round of the reference over the 107 tasks, as a first run on a fresh checkout is.
  const oneRound = await section('7/9 one-round reference: QUEST_ROUNDS=1 vitest run', SKIP.has('one-round'), () =>
    runVitest(PUBLISHED, { QUEST_MODEL: 'reference', QUEST_ROUNDS: '1' }, { timeoutMs: RUN_TIMEOUT_MS }),
  );

  // 6. Wallet agents: module agents thinking LATENCY_MS before each step, many in flight.
  const agents = await section(
    `8/9 wallet agents: QUEST_MODEL=agent:bench/latency-agent.ts QUEST_ROUNDS=${REALISTIC_ROUNDS} QUEST_CONCURRENCY=${HEADLINE_CONCURRENCY}, ${LATENCY_MS} ms per step`,
    SKIP.has('agents'),
    () =>
      runVitest(
        PUBLISHED,
        {
          QUEST_MODEL: 'agent:bench/latency-agent.ts',
          BENCH_LATENCY_MS: String(LATENCY_MS),
          // As many rounds as the realistic text-protocol section, so start-up and the last wave weigh the same.
          QUEST_ROUNDS: String(REALISTIC_ROUNDS),
          QUEST_CONCURRENCY: String(HEADLINE_CONCURRENCY),
          QUEST_FAIL_ON: 'infra',
        },
        { timeoutMs: RUN_TIMEOUT_MS * 2 },
      ),
  );

  // 9. The atomic split's reference on Base against BSC: what the chain profile costs a run.
  const chains = await section('9/9 chain overhead: the atomic reference, QUEST_CHAIN=bsc then base', SKIP.has('chains'), async () => {
    const atomic = ['--project', 'atomic'];
    const bsc = await runVitest(atomic, { QUEST_MODEL: 'reference', QUEST_ROUNDS: '1', QUEST_CHAIN: 'bsc' }, { timeoutMs: RUN_TIMEOUT_MS });
    const base = await runVitest(
      atomic,
      { QUEST_MODEL: 'reference', QUEST_ROUNDS: '1', QUEST_CHAIN: 'base' },
      { timeoutMs: RUN_TIMEOUT_MS },
    );
    return { bsc, base };
  });

  log('');
  printPhaseTable(floor, harness);
  printSandbox(harness.value);
  const headline = printRealistic(realistic);
  printFull(full);
  if (attack.value) printAttack(attack.value, log);
  else if (attack.error) log(`\nUnder attack: ERROR: ${attack.error}`);
  const agentEfficiency = printAgents(agents);
  const cost = printReplay(replay);
  printOneRound(oneRound);
  printLoads();

  const ratio = floor.value && harness.value ? harness.value.total.median / floor.value.total.median : Number.NaN;
  log('');
  log(`realistic efficiency: ${headline === undefined ? 'n/a' : headline.toFixed(2)} at concurrency ${HEADLINE_CONCURRENCY}`);
  log(`overhead ratio: ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'}`);
  log(
    `cost accounting: ${harness.value ? pct(harness.value.phases.cost.share) : 'n/a'} of the harness's time per instance (reference model)`,
  );
  log(
    `cost accounting, careless solver: ${cost ? `${pct(cost.wallShare)} of the instances' wall time, ${pct(cost.harnessShare)} of the harness's time` : 'n/a'}`,
  );
  log(
    `replay wall: ${replay.value ? `${fmt(replay.value.wallS, 1)} s for ${replay.value.calls.length} calls at ${fmt(REPLAY_LATENCY_MS / 1000, 1)} s, concurrency ${HEADLINE_CONCURRENCY}` : 'n/a'}`,
  );
  log(`one-round reference: ${oneRound.value ? `${fmt(oneRound.value.wallS, 1)} s for 107 tasks` : 'n/a'}`);
  log(`attack slowdown: ${attack.value ? attack.value.slowdown.toFixed(2) : 'n/a'}`);
  log(`agent efficiency: ${agentEfficiency === undefined ? 'n/a' : agentEfficiency.toFixed(2)} at concurrency ${HEADLINE_CONCURRENCY}`);
  log(
    `chain overhead base/bsc: ${chains.value ? `${(chains.value.base.wallS / chains.value.bsc.wallS).toFixed(2)} (${fmt(chains.value.base.wallS, 1)} s for ${chains.value.base.instances.length} instances on base, ${fmt(chains.value.bsc.wallS, 1)} s for ${chains.value.bsc.instances.length} on bsc)` : 'n/a'}`,
  );
}

type Section<T> = { value?: T; error?: string; skipped?: boolean; load?: Load };

/**
 * The careless solver's run: the wall, and the cost accounting's share of what users wait for (its
 * time after the model plus the model's wait for the replay ahead) and of the harness's own time (all
 * of the accounting, the replay ahead included, against the instance's time less the model's).
 */
function printReplay(replay: Section<VitestRun>): { wallShare: number; harnessShare: number } | undefined {
  if (!replay.value) {
    if (replay.error) log(`\nReplay: ERROR: ${replay.error}`);
    return undefined;
  }
  const run = replay.value;
  const sum = (f: (i: VitestRun['instances'][number]) => number) => run.instances.reduce((a, i) => a + f(i), 0);
  const wall = sum((i) => i.latencyMs);
  const model = sum((i) => i.modelLatencyMs ?? 0);
  const after = sum((i) => i.risk?.ms ?? 0);
  const waited = sum((i) => i.risk?.waitMs ?? 0);
  const ahead = sum((i) => i.risk?.aheadMs ?? 0);
  const wallShare = (after + waited) / wall;
  const harnessShare = (after + ahead) / Math.max(1, wall - model);
  log('');
  log(
    `Replay: the published splits, 1 round, the careless solver (wrong recipients, units, approvals; gold episodes) answering after ${REPLAY_LATENCY_MS} ms, QUEST_CONCURRENCY=${HEADLINE_CONCURRENCY}`,
  );
  log(
    table(
      ['model calls', 'wall s', 'instances', 'instance s', 'model s', 'accounting after s', 'waited s', 'replayed ahead s', 'tests'],
      [
        [
          `${run.calls.length}`,
          fmt(run.wallS, 1),
          `${run.instances.length}`,
          fmt(wall / 1000, 1),
          fmt(model / 1000, 1),
          fmt(after / 1000, 1),
          fmt(waited / 1000, 1),
          fmt(ahead / 1000, 1),
          run.exitCode === 0
            ? `${run.passed} passed, ${run.failed} below the line`
            : `FAIL exit ${run.exitCode}${run.timedOut ? ' (timeout)' : ''}`,
        ],
      ],
    ),
  );
  log(
    "  instance s = the records' own wall times summed; the accounting's share of it = after + waited; of the harness's time = (after + ahead) / (instance − model).",
  );
  if (run.exitCode !== 0) log(`  output tail:\n${run.tail.replace(/^/gm, '    ')}`);
  return { wallShare, harnessShare };
}

function printOneRound(r: Section<VitestRun>) {
  if (!r.value) {
    if (r.error) log(`\nOne-round reference: ERROR: ${r.error}`);
    return;
  }
  const run = r.value;
  log('');
  log(
    `One-round reference: ${fmt(run.wallS, 1)} s wall for ${run.instances.length} instances (${run.passed} passed, ${run.failed} failed), ${fmt(run.cpuS, 1)} CPU s`,
  );
}

function printLoads() {
  if (loads.length === 0) return;
  log('');
  log(`Load average (1 min) at the start and end of each section; above ${QUIET_LOAD} at the start, a section ran again once`);
  log(
    table(
      ['section', 'start', 'end', 'first attempt'],
      loads.map(({ name, load }) => [
        name.split(':')[0]!,
        load.start.toFixed(2),
        load.end.toFixed(2),
        load.rerun ? `${load.rerun.start.toFixed(2)} → ${load.rerun.end.toFixed(2)} (flagged)` : '',
      ]),
    ),
  );
}

function printPhaseTable(floor: Section<FloorResult>, harness: Section<HarnessResult>) {
  const f = floor.value;
  const h = harness.value;
  const base = f?.total.median;
  const ratio = (s: Summary) => (base ? `${(s.median / base).toFixed(2)}×` : '—');
  const vs = (s: Summary, counterpart: number | undefined) => (counterpart ? `${(s.median / counterpart).toFixed(1)}×` : '');
  const row = (name: string, s: Summary, extra: string[] = ['', '']) => [name, fmt(s.median, 2), fmt(s.p95, 2), ratio(s), ...extra];
  const rows: string[][] = [];
  if (f) {
    rows.push(row('floor · evm_revert + evm_snapshot', f.steps.revertSnapshot));
    rows.push(row('floor · pre reads (2 balanceOf + getBalance)', f.steps.preReads));
    rows.push(row('floor · sign locally + eth_sendRawTransactionSync', f.steps.signSend));
    rows.push(row('floor · post reads', f.steps.postReads));
    rows.push(row('FLOOR TOTAL (direct anvil, sequential reads)', f.total, [`n=${f.iterations}`, '']));
    rows.push(row('floor variant · reads as one JSON-RPC batch', f.batchedTotal, [`n=${f.iterations}`, '']));
  } else rows.push([`floor · ${floor.skipped ? 'skipped' : `ERROR: ${floor.error}`}`, '—', '—', '—', '', '']);
  if (h) {
    const p = h.phases;
    const share = (x: { share: number }) => pct(x.share);
    const fs = f?.steps;
    rows.push(row('harness · revert (+instantiate, derive, setup)', p.revert, [share(p.revert), vs(p.revert, fs?.revertSnapshot.median)]));
    rows.push(row('  of which session.reset', h.reset, ['', vs(h.reset, fs?.revertSnapshot.median)]));
    rows.push(row('harness · prompt', p.prompt, [share(p.prompt), '']));
    rows.push(row('harness · model (reference, no latency)', p.model, [share(p.model), '']));
    rows.push(row('harness · sandbox (compile + Deno start/run)', p.sandbox, [share(p.sandbox), '']));
    rows.push(
      row(`harness · execution (sign/send/receipt), tx only n=${h.executionTx.n}`, h.executionTx, [
        share(p.execution),
        vs(h.executionTx, fs?.signSend.median),
      ]),
    );
    rows.push(
      row('harness · validation (observe ×2 + checks)', p.validation, [
        share(p.validation),
        vs(p.validation, fs ? fs.preReads.median + fs.postReads.median : undefined),
      ]),
    );
    rows.push(row('harness · cost accounting (value lost, exposure)', p.cost, [share(p.cost), '']));
    rows.push(row('harness · recording (record + JSONL append)', p.recording, [share(p.recording), '']));
    rows.push(row(`HARNESS TOTAL per instance (n=${h.total.n})`, h.total, ['100 %', '']));
  } else rows.push([`harness · ${harness.skipped ? 'skipped' : `ERROR: ${harness.error}`}`, '—', '—', '—', '', '']);
  log('Per-instance time: chain floor vs harness (ms)');
  log(table(['phase', 'median', 'p95', 'ratio to floor', 'share', 'vs floor step'], rows));
  if (h) {
    log(
      `  split: the real runAtomicInstance, instrumented from outside (wrapped session.reset, validator observe/verify,` +
        ` model.respond, global fetch); in-process on one anvil, no Vitest; ${h.tasks} tasks × ${h.rounds} round(s); ${h.exact}/${h.total.n} exact.`,
    );
    log(
      `  RPC per instance: harness ${fmt(h.harnessRpc.median, 0)} calls (p95 ${fmt(h.harnessRpc.p95, 0)}), script via proxy ${fmt(h.scriptRpc.median, 0)} (p95 ${fmt(h.scriptRpc.p95, 0)});` +
        ` session open (anvil start + provisioning) ${fmt(h.sessionOpenMs, 0)} ms once per worker.`,
    );
  }
  if (f) {
    log(
      `  floor: anvil start from the mirror ${fmt(f.startMs, 0)} ms; reads batched save ${fmt(f.total.median - f.batchedTotal.median, 2)} ms per instance; CPU per instance ${cpuText(f.cpuPerInstance)}.`,
    );
    log(
      `  composite feedback readHoldings (11 concurrent reads): ${fmt(f.holdings.plain.median, 2)} ms (p95 ${fmt(f.holdings.plain.p95, 2)}) with the harness transport,` +
        ` ${fmt(f.holdings.batched.median, 2)} ms (p95 ${fmt(f.holdings.batched.p95, 2)}) with http(url, { batch: true }); twice per composite transaction round.`,
    );
  }
  if (h) {
    const cpuTotal = Object.values(h.cpuPerInstance).reduce((a, b) => a + b, 0);
    log(
      `  harness CPU per instance ${cpuText(h.cpuPerInstance)} over ${fmt(h.wallPerInstance, 0)} ms wall: one sequential worker keeps ${fmt(cpuTotal / h.wallPerInstance, 2)} cores busy;` +
        ` ${os.availableParallelism()} cores cap throughput at ~${fmt((1000 * os.availableParallelism()) / cpuTotal, 1)} instances/s.`,
    );
    log(
      `  Deno's compile caches (in DENO_DIR) grew ${fmt(h.denoCacheBytesPerInstance / 1024, 1)} KiB per instance; now ${fmt(h.denoCacheBytes / 2 ** 20, 1)} MiB.`,
    );
  }
}

function printSandbox(h: HarnessResult | undefined) {
  if (!h) return;
  log('');
  log("Sandbox phase, per script (ms; through the runner's public API)");
  if (!h.probe) {
    log(`  ERROR: ${h.probeError ?? 'no probe'}`);
    return;
  }
  const p = h.probe;
  const rows: string[][] = [];
  const add = (name: string, key: keyof SandboxProbe, s: Summary | undefined) =>
    s && rows.push([name, fmt(s.median, 1), fmt(s.p95, 1), fmt(p.cpu[key as string], 1), `${s.n}`]);
  add('esbuild compile of a reference answer (runSkill up to no_export)', 'compile', p.compile);
  add('runSkill, skill with no import and no RPC', 'trivial', p.trivial);
  add('runSkill, skill with no RPC (ethers)', 'trivialEthers', p.trivialEthers);
  add('runSkill, skill with no RPC (viem)', 'trivialViem', p.trivialViem);
  add('runSkill, one getBalance via proxy (ethers JsonRpcProvider)', 'oneReadEthers', p.oneReadEthers);
  add('runSkill, one getBalance via proxy (viem http)', 'oneReadViem', p.oneReadViem);
  add("  same ethers skill, the port's Deno processes ended first (cold)", 'oneReadEthersCold', p.oneReadEthersCold);
  rows.push([
    'reference answers, measured sandbox phase',
    fmt(h.phases.sandbox.median, 1),
    fmt(h.phases.sandbox.p95, 1),
    '',
    `${h.phases.sandbox.n}`,
  ]);
  log(table(['step', 'median ms', 'p95 ms', 'CPU ms', 'n'], rows));
  log(`  one at a time, 150 ms apart; CPU ms = mean per run of this process, esbuild and every Deno process together.`);
  if (p.burst) {
    const b = p.burst;
    log(
      `  ${b.jobs} one-read scripts at once: ${fmt(b.wallMs, 0)} ms wall, ${fmt(b.perSecond, 1)} scripts/s, ${fmt(b.cpuPerJobMs, 1)} ms CPU per script.`,
    );
  }
  if (p.memory) {
    const m = p.memory;
    log(
      `  memory: ${fmt(m.idleMb, 0)} MB resident between scripts; ${fmt(m.perScriptMb, 1)} MB more per script with 16 waiting at once (${m.processes} Deno processes).`,
    );
  }
}

/** Prints the realistic table; returns the efficiency at the headline concurrency. */
function printRealistic(rows: { concurrency: number; run?: VitestRun; error?: string }[]): number | undefined {
  if (rows.length === 0) return undefined;
  log('');
  log(
    `Realistic: QUEST_ROUNDS=${REALISTIC_ROUNDS} vitest run (both splits), a module model answering the gold solution after ${LATENCY_MS} ms (bench/latency-model.mjs), default workers`,
  );
  const out: string[][] = [];
  let headline: number | undefined;
  for (const r of rows) {
    if (!r.run) {
      out.push([`${r.concurrency}`, `ERROR: ${r.error}`]);
      continue;
    }
    const run = r.run;
    const cs = callStats(run.calls);
    const n = run.calls.length;
    const ideal = (n * LATENCY_MS) / r.concurrency / 1000;
    const efficiency = ideal / run.wallS;
    if (r.concurrency === HEADLINE_CONCURRENCY) headline = efficiency;
    const ok = run.exitCode === 0;
    out.push([
      `${r.concurrency}`,
      `${n}`,
      fmt(run.wallS, 1),
      fmt(ideal, 1),
      fmt(efficiency, 2),
      `${cs.peakConcurrency}`,
      fmt(run.peakRssMb / 1024, 2),
      fmt(run.cpuS, 1),
      pct(run.cpuBusy),
      `${run.anvilPeak}`,
      `${cs.pidsSeen}`,
      ok ? `${run.passed} passed, ${run.failed} below the line` : `FAIL exit ${run.exitCode}${run.timedOut ? ' (timeout)' : ''}`,
    ]);
  }
  log(
    table(
      [
        'concurrency',
        'model calls',
        'wall s',
        'ideal s',
        'efficiency',
        'peak calls in flight',
        'peak RSS GiB',
        'CPU s',
        'machine busy',
        'anvils peak',
        'worker pids',
        'tests',
      ],
      out,
    ),
  );
  log('  ideal = model calls × latency / concurrency; efficiency = ideal / wall (Vitest start-up and global setup included);');
  log("  peak RSS = the whole process tree (Vitest, workers, anvils, Deno) sampled every 250 ms; CPU s = the run's own process tree.");
  for (const r of rows)
    if (r.run && r.run.exitCode !== 0) log(`  concurrency ${r.concurrency} output tail:\n${r.run.tail.replace(/^/gm, '    ')}`);
  return headline;
}

/** The wallet-agent run: steps (each LATENCY_MS of thinking) against the wall; returns its efficiency. */
function printAgents(agents: Section<VitestRun>): number | undefined {
  if (!agents.value) {
    if (agents.error) log(`\nWallet agents: ERROR: ${agents.error}`);
    return undefined;
  }
  const run = agents.value;
  const steps = run.calls.length;
  const ideal = (steps * LATENCY_MS) / HEADLINE_CONCURRENCY / 1000;
  const efficiency = ideal / run.wallS;
  const cs = callStats(run.calls);
  // The gold agent must score: an agent that fails fast would make the harness look quick.
  const below = run.instances.filter((i) => i.score < PASS_LINE);
  log('');
  log(
    `Wallet agents: the published splits, ${REALISTIC_ROUNDS} rounds, the gold agent with a wallet thinking ${LATENCY_MS} ms before each step (bench/latency-agent.ts), QUEST_CONCURRENCY=${HEADLINE_CONCURRENCY}`,
  );
  log(
    table(
      ['agent steps', 'wall s', 'ideal s', 'efficiency', 'peak steps in flight', 'peak RSS GiB', 'CPU s', 'anvils peak', 'tests'],
      [
        [
          `${steps}`,
          fmt(run.wallS, 1),
          fmt(ideal, 1),
          fmt(efficiency, 2),
          `${cs.peakConcurrency}`,
          fmt(run.peakRssMb / 1024, 2),
          fmt(run.cpuS, 1),
          `${run.anvilPeak}`,
          run.exitCode === 0
            ? `${run.instances.length - below.length} of ${run.instances.length} instances at or above the line`
            : `FAIL exit ${run.exitCode}${run.timedOut ? ' (timeout)' : ''}`,
        ],
      ],
    ),
  );
  log('  ideal = agent steps × latency / concurrency; efficiency = ideal / wall (Vitest start-up and global setup included).');
  if (below.length) {
    const first = below[0]!;
    log(
      `  INVALID: ${below.length} instance(s) below the line, e.g. ${first.taskId} round ${first.round}: ${first.outcome} ${first.error ?? ''}`,
    );
    return undefined;
  }
  if (run.exitCode !== 0) log(`  output tail:\n${run.tail.replace(/^/gm, '    ')}`);
  return efficiency;
}

function printFull(rows: { label: string; run?: VitestRun; error?: string }[]) {
  if (rows.length === 0) return;
  log('');
  log(
    `Full reference run: QUEST_ROUNDS=${FULL_ROUNDS} vitest run (atomic + composite, 107 tasks × ${FULL_ROUNDS} = ${107 * FULL_ROUNDS} instances), target < 60 s`,
  );
  const out: string[][] = rows.map((r) => {
    if (!r.run) return [r.label, `ERROR: ${r.error}`];
    const run = r.run;
    const ok = run.exitCode === 0 && run.failed === 0;
    return [
      r.label,
      fmt(run.wallS, 1),
      run.wallS < 60 ? 'yes' : 'no',
      `${run.passed} passed, ${run.failed} failed`,
      fmt(run.cpuS, 1),
      pct(run.cpuBusy),
      ok ? 'ok' : `FAIL exit ${run.exitCode}${run.timedOut ? ' (timeout)' : ''}`,
    ];
  });
  log(table(['workers', 'wall s', '< 60 s', 'tests', 'CPU s', 'machine busy', 'status'], out));
  const cores = os.availableParallelism();
  for (const r of rows)
    if (r.run && Number.isFinite(r.run.cpuS))
      log(`  ${r.label}: its own CPU alone needs ≥ ${fmt(r.run.cpuS / cores, 1)} s wall on ${cores} cores at perfect parallelism.`);
  for (const r of rows) {
    if (!r.run) continue;
    const parts = Object.entries(r.run.splits).map(([split, v]) => {
      const sum = v.latencyMs.reduce((a, b) => a + b, 0) / 1000;
      const k = v.kAct.length ? ` · K_act mean ${fmt(v.kAct.reduce((a, b) => a + b, 0) / v.kAct.length, 2)}` : '';
      return `${split} ${v.instances} × median ${fmt(median(v.latencyMs), 0)} ms (p95 ${fmt(percentile(v.latencyMs, 95), 0)}) = ${fmt(sum, 1)} worker-s${k}`;
    });
    if (parts.length) log(`  ${r.label}: ${parts.join('; ')}`);
  }
  for (const r of rows)
    if (r.run && (r.run.exitCode !== 0 || r.run.failed > 0)) log(`  ${r.label} output tail:\n${r.run.tail.replace(/^/gm, '    ')}`);
}

main()
  .catch((e) => {
    log(`bench failed: ${errorText(e)}`);
    log('overhead ratio: n/a');
    log('attack slowdown: n/a');
    process.exitCode = 1;
  })
  .finally(() => runCleanup());
