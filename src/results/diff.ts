// Compares two runs instance by instance: what each instance scored and why, not how long it took.
// Answers "did this harness change (or this model update) change any result?".
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { jsonlPathOf, readRun } from './load.ts';
import { instanceKey, type InstanceRecord } from './record.ts';
import { readJsonl } from './writer.ts';

/** The parts of a record that say what happened (the cost figures included); timings, token counts and transcripts are left out. */
const COMPARED = [
  'seed',
  'templateIndex',
  'params',
  'instruction',
  'score',
  'passed',
  'outcome',
  'schemaRule',
  'error',
  'checks',
  'answer',
  'tx',
  'composite',
  'risk',
] as const;
type Compared = (typeof COMPARED)[number];

export interface InstanceDiff {
  key: string;
  /** Fields that differ, with both values; `missing` when one run lacks the instance. */
  fields: { field: Compared | 'missing'; a: unknown; b: unknown }[];
}

export interface RunDiff {
  compared: number;
  same: number;
  differing: InstanceDiff[];
}

/** The full records of a run: its JSONL when it sits beside the file, else the file's summaries. */
function recordsOf(path: string): Partial<InstanceRecord>[] {
  const jsonl = path.endsWith('.jsonl') ? path : jsonlPathOf(path);
  if (existsSync(jsonl)) return readJsonl(jsonl);
  return readRun(path).instances as Partial<InstanceRecord>[];
}

// Composite round summaries name each transaction's hash, which depends on the wallet's key; the rest
// of a record is a function of the seed.
// The cost accounting's figures are compared, not how long it took.
const comparable = (r: Partial<InstanceRecord>, field: Compared): unknown => {
  if (field !== 'risk' || !r.risk) return r[field];
  const { ms: _ms, aheadMs: _ahead, waitMs: _wait, ...figures } = r.risk;
  return figures;
};

export function diffRecords(a: readonly Partial<InstanceRecord>[], b: readonly Partial<InstanceRecord>[]): RunDiff {
  const byKey = (rs: readonly Partial<InstanceRecord>[]) => new Map(rs.map((r) => [instanceKey(r as InstanceRecord), r]));
  const left = byKey(a);
  const right = byKey(b);
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort();
  const differing: InstanceDiff[] = [];
  for (const key of keys) {
    const x = left.get(key);
    const y = right.get(key);
    if (!x || !y) {
      differing.push({ key, fields: [{ field: 'missing', a: x ? 'present' : 'absent', b: y ? 'present' : 'absent' }] });
      continue;
    }
    const fields = COMPARED.filter((f) => !isDeepStrictEqual(comparable(x, f), comparable(y, f))).map((f) => ({
      field: f,
      a: x[f],
      b: y[f],
    }));
    if (fields.length) differing.push({ key, fields });
  }
  return { compared: keys.length, same: keys.length - differing.length, differing };
}

/** Two run files (their JSONL beside them when present) compared instance by instance. */
export function diffRuns(pathA: string, pathB: string): RunDiff {
  return diffRecords(recordsOf(pathA), recordsOf(pathB));
}

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
};

export function formatDiff(d: RunDiff): string {
  const head = `${d.compared} instances compared: ${d.same} the same, ${d.differing.length} different`;
  const rows = d.differing.flatMap((i) => [`  ${i.key}`, ...i.fields.map((f) => `    ${f.field}: ${short(f.a)} → ${short(f.b)}`)]);
  return [head, ...rows].join('\n');
}
