// How a script ended: one shape from the isolate to the record. The Worker's prologue reports it (its
// value as JSON text), the Deno host adds timeouts and cancellations, the harness checks what the host
// sends with `IsolateOutcome`, parses the value and adds the run's logs and duration: `SandboxOutcome`.
import { z } from 'zod';

/** Why a module is not a skill: no fenced code, no `executeSkill` export, or one that is not a function. */
export const SchemaRule = z.enum(['no_code_block', 'no_export', 'wrong_signature']);
export type SchemaRule = z.infer<typeof SchemaRule>;

/** The outcome with its value as `V`: JSON text from the isolate, the parsed value in the harness. */
export type Outcome<V> =
  | { kind: 'ok'; value?: V }
  | { kind: 'schema_invalid'; rule: SchemaRule; message: string }
  | { kind: 'runtime_error'; message: string }
  | { kind: 'timeout'; message: string };

/** What the run of a script adds to its outcome. */
export interface RunFacts {
  logs: string;
  durationMs: number;
}

export type SandboxOutcome = Outcome<unknown> & RunFacts;

/** An outcome as the Deno host reports it: the value is the result's JSON text, absent for undefined. */
export const IsolateOutcome: z.ZodType<Outcome<string>> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok'), value: z.string().optional() }),
  z.object({ kind: z.literal('schema_invalid'), rule: SchemaRule, message: z.string() }),
  z.object({ kind: z.literal('runtime_error'), message: z.string() }),
  z.object({ kind: z.literal('timeout'), message: z.string() }),
]);
export type IsolateOutcome = Outcome<string>;

/** The outcome in the harness: the value parsed (text that is not JSON is the sandbox's failure). */
export function parseValue(o: IsolateOutcome): Outcome<unknown> {
  if (o.kind !== 'ok') return o;
  if (o.value === undefined) return { kind: 'ok', value: undefined };
  try {
    return { kind: 'ok', value: JSON.parse(o.value) };
  } catch {
    return { kind: 'runtime_error', message: 'malformed result from the sandbox' };
  }
}
