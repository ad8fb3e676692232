import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InstanceRecord, instanceKey, type RunResult } from './record.ts';

/** Streams finished instances to JSONL (an interrupted run loses nothing) and writes the final JSON atomically. */
export class ResultWriter {
  readonly jsonlPath: string;
  readonly jsonPath: string;

  constructor(dir: string, modelSlug: string, runId: string) {
    this.jsonlPath = join(dir, modelSlug, `${runId}.jsonl`);
    this.jsonPath = join(dir, modelSlug, `${runId}.json`);
  }

  /** Instances already finished under this run id (for QUEST_RESUME); a torn last line is ignored. */
  readExisting(): InstanceRecord[] {
    return readJsonl(this.jsonlPath);
  }

  append(record: InstanceRecord): void {
    mkdirSync(dirname(this.jsonlPath), { recursive: true });
    appendFileSync(this.jsonlPath, `${JSON.stringify(record)}\n`);
  }

  finish(result: RunResult): void {
    mkdirSync(dirname(this.jsonPath), { recursive: true });
    const tmp = `${this.jsonPath}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(result, null, 2)}\n`);
    renameSync(tmp, this.jsonPath);
  }
}

export function readJsonl(path: string): InstanceRecord[] {
  if (!existsSync(path)) return [];
  const out = new Map<string, InstanceRecord>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = InstanceRecord.parse(JSON.parse(line));
      out.set(instanceKey(r), r); // the last record of an instance wins
    } catch {
      // An interrupted write leaves at most one partial line; skip it.
    }
  }
  return [...out.values()];
}
