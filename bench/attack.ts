// Section 5, "under attack": the whole benchmark (both splits, QUEST_CONCURRENCY 8) with half the
// tasks answered by the reference and half by attack scripts that lean on the shared proxy and node
// (bench/attack-model.mjs), against a clean run where the same model answers the reference everywhere.
// The reference half must score exactly as in the clean run, and the wall time stay within 3× of it.
// Standalone: `npm run bench:attack` (BENCH_ATTACK_CONCURRENCY, default 8).
import '../src/polyfills.ts';
import { readTaskSpecs } from '../src/tasks/load.ts';
import { attackPlan, type AttackName } from '../test/fixtures/attacks.ts';
import { runCleanup } from './cleanup.ts';
import { fmt, median, table } from './stats.ts';
import { PUBLISHED, runVitest, type RunInstance, type VitestRun } from './vitest-runs.ts';

export interface AttackResult {
  concurrency: number;
  /** Clean runs before and after the attacked one: the machine's other load drifts. */
  clean: [VitestRun, VitestRun];
  attacked: VitestRun;
  /** Reference-half instances and those whose score, outcome or checks differ from the clean run. */
  reference: { instances: number; differing: string[] };
  /** Attack-half instances by attack: how they ended, and their instance times (ms). */
  attacks: Record<AttackName, { ends: Record<string, number>; latencyMs: number[] }>;
  infra: number;
  slowdown: number;
}

const key = (i: RunInstance) => `${i.split}/${i.taskId}#${i.round}`;
const same = (a: RunInstance, b: RunInstance) =>
  a.score === b.score && a.outcome === b.outcome && JSON.stringify(a.checks) === JSON.stringify(b.checks);

/** How an attack instance ended: its outcome, and the budget if one was spent. */
const ending = (i: RunInstance) =>
  i.error?.startsWith('budget exceeded') ? `${i.outcome} (${/chain time|requests/.exec(i.error)?.[0]} budget)` : i.outcome;

export async function measureAttack(opts: { concurrency: number; timeoutMs: number }): Promise<AttackResult> {
  const plan = attackPlan([...readTaskSpecs('tasks/atomic'), ...readTaskSpecs('tasks/composite')].map((t) => t.spec.id));
  const env = (attack: 'off' | 'half') => ({
    QUEST_MODEL: 'module:bench/attack-model.mjs',
    BENCH_ATTACK: attack,
    QUEST_CONCURRENCY: String(opts.concurrency),
    QUEST_ROUNDS: '1',
    QUEST_FAIL_ON: 'infra',
  });
  const before = await runVitest(PUBLISHED, env('off'), { timeoutMs: opts.timeoutMs });
  const attacked = await runVitest(PUBLISHED, env('half'), { timeoutMs: opts.timeoutMs });
  const after = await runVitest(PUBLISHED, env('off'), { timeoutMs: opts.timeoutMs });
  const clean: [VitestRun, VitestRun] = [before, after];
  const cleanBy = new Map(before.instances.map((i) => [key(i), i]));
  const differing: string[] = [];
  let referenceInstances = 0;
  const attacks = {} as AttackResult['attacks'];
  for (const i of attacked.instances) {
    const attack = plan.get(i.taskId);
    if (attack) {
      const by = (attacks[attack] ??= { ends: {}, latencyMs: [] });
      by.ends[ending(i)] = (by.ends[ending(i)] ?? 0) + 1;
      by.latencyMs.push(i.latencyMs);
      continue;
    }
    referenceInstances++;
    const c = cleanBy.get(key(i));
    if (!c || !same(c, i))
      differing.push(
        `${key(i)}: clean ${c ? `${c.score} ${c.outcome}` : 'missing'}, under attack ${i.score} ${i.outcome}${i.error ? ` (${i.error})` : ''}`,
      );
  }
  const infra = [...before.instances, ...attacked.instances, ...after.instances].filter((i) => i.outcome === 'infra').length;
  const cleanWall = (before.wallS + after.wallS) / 2;
  return {
    concurrency: opts.concurrency,
    clean,
    attacked,
    reference: { instances: referenceInstances, differing },
    attacks,
    infra,
    slowdown: attacked.wallS / cleanWall,
  };
}

export function printAttack(r: AttackResult, log: (s: string) => void): void {
  log('');
  log(
    `Under attack: vitest run of both splits at QUEST_CONCURRENCY=${r.concurrency}, half the tasks answered by the reference and half by attack scripts (bench/attack-model.mjs)`,
  );
  const row = (name: string, run: VitestRun) => [
    name,
    fmt(run.wallS, 1),
    fmt(run.cpuS, 1),
    fmt(run.peakRssMb / 1024, 2),
    `${run.anvilPeak}`,
    `${run.instances.length}`,
    run.exitCode === 0 ? 'ok' : `FAIL exit ${run.exitCode}${run.timedOut ? ' (timeout)' : ''}`,
  ];
  log(
    table(
      ['run', 'wall s', 'CPU s', 'peak RSS GiB', 'anvils peak', 'instances', 'status'],
      [row('clean (reference everywhere)', r.clean[0]), row('under attack', r.attacked), row('clean again', r.clean[1])],
    ),
  );
  const ok = r.reference.differing.length === 0 && r.reference.instances > 0;
  log(
    `  reference half: ${r.reference.instances} instances, scores ${ok ? 'identical to' : 'DIFFERENT from'} the clean run${ok ? '' : `:\n    ${r.reference.differing.join('\n    ')}`}`,
  );
  for (const [attack, a] of Object.entries(r.attacks)) {
    log(
      `  ${attack}: ${Object.entries(a.ends)
        .map(([e, n]) => `${e} ${n}`)
        .join(', ')}; instance median ${fmt(median(a.latencyMs) / 1000, 1)} s, max ${fmt(Math.max(...a.latencyMs) / 1000, 1)} s`,
    );
  }
  log(`  infra outcomes: ${r.infra}; wall under attack ${fmt(r.slowdown, 2)}× the mean of the clean runs (target < 3×)`);
  for (const [name, run] of [
    ['clean', r.clean[0]],
    ['under attack', r.attacked],
    ['clean again', r.clean[1]],
  ] as const) {
    if (run.exitCode !== 0) log(`  ${name} output tail:\n${run.tail.replace(/^/gm, '    ')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const concurrency = Math.max(1, Number(process.env.BENCH_ATTACK_CONCURRENCY ?? 8));
  measureAttack({ concurrency, timeoutMs: 20 * 60_000 })
    .then((r) => {
      printAttack(r, (s) => process.stdout.write(`${s}\n`));
      process.stdout.write(`\nattack slowdown: ${r.slowdown.toFixed(2)}\n`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.stdout.write('attack slowdown: n/a\n');
      process.exitCode = 1;
    })
    .finally(() => runCleanup());
}
