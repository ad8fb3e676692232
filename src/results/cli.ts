import '../polyfills.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatRunSummary } from './format.ts';
import { leaderboardHtml } from './html.ts';
import { buildLeaderboard, formatLeaderboard } from './leaderboard.ts';
import { RunResult, type InstanceRecord } from './record.ts';
import type { RunSummary } from './run-summary.ts';

const USAGE = `questbench — evm-questbench results

  questbench report <run.json> [--html out.html]
  questbench leaderboard <run.json...> [--html out.html] [--json]

Run files are the <QUEST_RESULTS_DIR>/<model>/<run-id>.json a benchmark run writes. Several files of
one model (shards, resumed runs) merge by instance.`;

function readRun(path: string): RunResult {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const parsed = RunResult.safeParse(raw);
  if (!parsed.success) throw new Error(`${path} is not a questbench run file: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export function main(argv: string[]): number {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { html: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (!command || values.help || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (positionals.length === 0) {
    console.error(`questbench ${command}: give at least one run file\n\n${USAGE}`);
    return 1;
  }
  const runs = positionals.map(readRun);
  if (command === 'report') {
    const run = runs[0]!;
    const stats = run.summary.stats as unknown as RunSummary | undefined;
    if (stats) {
      const failed = run.instances.filter((i) => !i.passed) as unknown as InstanceRecord[];
      console.log(formatRunSummary(run.run.model, run.run.seed, stats, failed, positionals[0]!));
    } else {
      console.log(`${run.run.model}: atomic ${run.summary.atomic.score}/${run.summary.atomic.max}, composite ${run.summary.composite.score}/${run.summary.composite.max}`);
    }
    if (values.html) {
      writeFileSync(values.html, leaderboardHtml(buildLeaderboard([run]), `evm-questbench · ${run.run.model} · ${run.run.id}`));
      console.log(`wrote ${values.html}`);
    }
    return 0;
  }
  if (command === 'leaderboard') {
    const lb = buildLeaderboard(runs);
    console.log(values.json ? JSON.stringify(lb, null, 2) : formatLeaderboard(lb));
    if (values.html) {
      writeFileSync(values.html, leaderboardHtml(lb));
      if (!values.json) console.log(`\nwrote ${values.html}`);
    }
    return 0;
  }
  console.error(`questbench: unknown command "${command}"\n\n${USAGE}`);
  return 1;
}
