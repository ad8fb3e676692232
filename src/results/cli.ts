import '../polyfills.ts';
import { statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { QuestError } from '../errors.ts';
import { diffRuns, formatDiff } from './diff.ts';
import { formatRunSummary } from './format.ts';
import { buildLeaderboard, formatLeaderboard, MixedSplitVersionsError, sortLeaderboard, type Leaderboard } from './leaderboard.ts';
import { SORT_KEYS, SORT_WORDS, type SortKey } from './leaderboard-table.ts';
import { readRun, withTranscripts } from './load.ts';
import { chainOf } from './record.ts';
import { readPrices } from './prices.ts';
import type { RunResult } from './record.ts';
import type { PriceTable } from './run-summary.ts';

const USAGE = `questbench — evm-questbench results

  questbench report <run.json> [--html out.html]
  questbench leaderboard <run.json...> [--html out.html] [--json] [--prices prices.json] [--sort <key>] [--chain <id>]
  questbench diff <a.json> <b.json>      what differs, instance by instance (exit 1 if anything does)

Run files are the <QUEST_RESULTS_DIR>/<model>/<run-id>.json a benchmark run writes. Several files of
one model (shards, resumed runs) merge by instance. The HTML page opens every instance (request,
replies, script logs, transaction, checks, composite rounds) from the <run-id>.jsonl beside each file;
without it the page says so and shows the checks only. --prices (or QUEST_PRICES) names a JSON file
{ "<model>": { "input": USD per 1M tokens, "output": ... } } for the cost column.

A row is a model under one protocol (text, tools or agent). --sort orders the rows by:
${SORT_KEYS.map((k) => `  ${k.padEnd(11)} ${SORT_WORDS[k]}`).join('\n')}
(default score; ranks stay those of the score, and the page sorts by any column too).`;

/** The page modules (esbuild for the page script, viem for decoding transactions): loaded only for --html. */
async function pageModules() {
  const [{ leaderboardHtml }, { buildViewerData }] = await Promise.all([import('./html.ts'), import('./viewer/data.ts')]);
  return { leaderboardHtml, buildViewerData };
}

function writePage(path: string, html: string): void {
  writeFileSync(path, html);
  console.log(`wrote ${path} (${(statSync(path).size / 1e6).toFixed(1)} MB)`);
}

type Options = {
  html?: string | undefined;
  json?: boolean | undefined;
  prices?: string | undefined;
  sort?: string | undefined;
  chain?: string | undefined;
};

/** `diff <a> <b>`: exit 1 when anything differs. */
function diffCommand(files: string[]): number {
  if (files.length !== 2) {
    console.error(`questbench diff: give exactly two run files\n\n${USAGE}`);
    return 1;
  }
  const d = diffRuns(files[0]!, files[1]!);
  console.log(formatDiff(d));
  return d.differing.length === 0 ? 0 : 1;
}

/** `report <run>`: the end-of-run block (or the split totals of a file without statistics), and the page. */
async function reportCommand(files: string[], runs: RunResult[], prices: PriceTable, values: Options): Promise<number> {
  const run = runs[0]!;
  const stats = run.summary.stats;
  if (stats) {
    const failed = run.instances.filter((i) => !i.passed);
    console.log(formatRunSummary(run.run.model, run.run.seed, stats, failed, files[0]!));
  } else {
    console.log(
      `${run.run.model}: atomic ${run.summary.atomic.score}/${run.summary.atomic.max}, composite ${run.summary.composite.score}/${run.summary.composite.max}`,
    );
  }
  if (values.html) {
    const { leaderboardHtml, buildViewerData } = await pageModules();
    const lb = buildLeaderboard([run], prices);
    writePage(
      values.html,
      leaderboardHtml(lb, `evm-questbench · ${run.run.model} · ${run.run.id}`, buildViewerData([withTranscripts(files[0]!, run)])),
    );
  }
  return 0;
}

/** `leaderboard <runs...>`: the table (or its JSON) in the order asked for, and the page. */
async function leaderboardCommand(files: string[], runs: RunResult[], prices: PriceTable, values: Options): Promise<number> {
  const sort = values.sort ?? 'score';
  if (!(SORT_KEYS as readonly string[]).includes(sort)) {
    const e = new QuestError('CLI_ARGUMENT', `questbench leaderboard: --sort takes one of ${SORT_KEYS.join(', ')}; got "${sort}"`, {
      hint: HELP,
    });
    console.error(e.explain());
    return 1;
  }
  // --chain keeps the rows of one chain profile.
  const kept = values.chain ? runs.filter((r) => chainOf(r.run) === values.chain) : runs;
  if (values.chain && !kept.length) {
    console.error(
      `questbench leaderboard: no run played on chain "${values.chain}" (the runs played on ${[...new Set(runs.map((r) => chainOf(r.run)))].join(', ')})`,
    );
    return 1;
  }
  let built: Leaderboard;
  try {
    built = buildLeaderboard(kept, prices);
  } catch (e) {
    if (!(e instanceof MixedSplitVersionsError)) throw e;
    console.error(`questbench leaderboard: ${e.explain()}`);
    return 1;
  }
  const lb = sortLeaderboard(built, sort as SortKey);
  console.log(values.json ? JSON.stringify(lb, null, 2) : formatLeaderboard(lb));
  if (values.html) {
    const { leaderboardHtml, buildViewerData } = await pageModules();
    const loaded = kept.map((run) => withTranscripts(files[runs.indexOf(run)]!, run));
    const html = leaderboardHtml(
      lb,
      undefined,
      buildViewerData(
        loaded,
        lb.rows.map((r) => r.key),
      ),
    );
    if (values.json) writeFileSync(values.html, html);
    else writePage(values.html, html);
  }
  return 0;
}

const HELP = '`questbench help` lists the commands, their options and the sort keys';

/** The options and run files after the command; a bad option is a QuestError that names it. */
function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        html: { type: 'string' },
        json: { type: 'boolean' },
        prices: { type: 'string' },
        sort: { type: 'string' },
        chain: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (e) {
    throw new QuestError('CLI_ARGUMENT', (e as Error).message, { hint: HELP, cause: e });
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(rest);
  } catch (e) {
    if (!(e instanceof QuestError)) throw e;
    console.error(`questbench${command ? ` ${command}` : ''}: ${e.explain()}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (!command || values.help || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (positionals.length === 0) {
    console.error(`questbench ${command}: give at least one run file\n\n${USAGE}`);
    return 1;
  }
  if (command === 'diff') return diffCommand(positionals);
  // Text output needs the run files only; the transcripts beside them are read for --html.
  const runs = positionals.map(readRun);
  const prices = readPrices(values.prices ?? process.env.QUEST_PRICES);
  if (command === 'report') return reportCommand(positionals, runs, prices, values);
  if (command === 'leaderboard') return leaderboardCommand(positionals, runs, prices, values);
  console.error(`questbench: unknown command "${command}"\n\n${USAGE}`);
  return 1;
}
