import { existsSync, readFileSync } from 'node:fs';
import { QuestError } from '../errors.ts';
import { RunResult } from './record.ts';
import type { LoadedRun } from './viewer/data.ts';
import { readJsonl } from './writer.ts';

const RUN_FILE = 'give the <run-id>.json a benchmark run wrote under QUEST_RESULTS_DIR/<model>/ (not the .jsonl beside it)';

/** A run file, validated; the error names the file and the first fields that do not fit. */
export function readRun(path: string): RunResult {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new QuestError('RESULTS_FILE', `${path}: ${(e as Error).message}`, { hint: RUN_FILE });
  }
  const parsed = RunResult.safeParse(raw);
  if (!parsed.success)
    throw new QuestError(
      'RESULTS_FILE',
      `${path} is not a questbench run file: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
      { hint: RUN_FILE },
    );
  return parsed.data;
}

/** The JSONL a run streamed its records to: same folder and run id as its JSON. */
export const jsonlPathOf = (jsonPath: string) => jsonPath.replace(/\.json$/, '.jsonl');

/** A run file with the transcripts of the JSONL beside it, when there is one. */
export function loadRun(path: string): LoadedRun {
  return withTranscripts(path, readRun(path));
}

/** The transcripts beside a run file already read (`result`, from `path`), when there are any. */
export function withTranscripts(path: string, result: RunResult): LoadedRun {
  const jsonlPath = jsonlPathOf(path);
  return { result, records: existsSync(jsonlPath) ? readJsonl(jsonlPath) : undefined, jsonlPath };
}
