// Whole benchmark runs in a subprocess, as a user starts them, and the results files they leave.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RunResult } from '../../src/results/record.ts';

export const ROOT = resolve('.');
export const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
export const CLI = join(ROOT, 'bin', 'questbench.mjs');

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout then stderr. */
  out: string;
}

/** `node <args>` run to its end as CI runs it (CI=true, no colour; `env` on top), in this checkout unless `cwd` says otherwise. */
export function runNode(args: string[], env: Record<string, string> = {}, options: { cwd?: string; timeout?: number } = {}): Finished {
  const r = spawnSync(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env },
    encoding: 'utf8',
    timeout: options.timeout ?? 600_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, out: r.stdout + r.stderr };
}

/** This checkout's Vitest; `args` start with the command (`run`, `list`, `--merge-reports` …). */
export const runVitest = (args: string[], env: Record<string, string> = {}, options: { cwd?: string; timeout?: number } = {}): Finished =>
  runNode([VITEST, ...args], env, options);

/**
 * The newest file ending in `ext` of a model's results folder (`dir/slug`): run ids begin with the
 * run's start time, so the newest sorts last.
 */
export function latestRunFile(dir: string, slug: string, ext: '.json' | '.jsonl' = '.json'): string {
  const file = readdirSync(join(dir, slug))
    .filter((f) => f.endsWith(ext))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no ${ext} file in ${join(dir, slug)}`);
  return join(dir, slug, file);
}

export const readRunResult = (path: string): RunResult => RunResult.parse(JSON.parse(readFileSync(path, 'utf8')));

/** A model's newest run: its results file, parsed and checked, and the lines of its JSONL. */
export function latestRun(dir: string, slug: string): { json: string; result: RunResult; lines: string[] } {
  const json = latestRunFile(dir, slug);
  return {
    json,
    result: readRunResult(json),
    lines: readFileSync(json.replace(/\.json$/, '.jsonl'), 'utf8')
      .trim()
      .split('\n'),
  };
}
