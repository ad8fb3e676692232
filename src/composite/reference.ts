import type { Model } from '../model/types.ts';
import type { EnvMap, Params } from '../tasks/instantiate.ts';

/**
 * A round of a reference script: a fixed reply, or one built from the harness's feedback so far
 * (query results, transaction outcomes), e.g. a submit that reports a queried balance.
 */
export type ScriptRound = string | ((feedback: readonly string[]) => string);

/** A composite reference solution: the plan and one reply per round, the last one the submit. */
export interface CompositeScript {
  plan: string;
  rounds: ScriptRound[];
}
export type CompositeReference = (params: Params & Record<string, any>, env: EnvMap) => CompositeScript;

export function defineCompositeReference(fn: CompositeReference): CompositeReference {
  return fn;
}

/** Helpers for writing reference rounds. */
export const ts = (body: string, imports = '') =>
  `\`\`\`typescript\n${imports}${imports ? '\n' : ''}export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {\n${body}\n}\n\`\`\``;
export const query = (q: Record<string, unknown>) => `\`\`\`json\n${JSON.stringify({ action: 'query', ...q })}\n\`\`\``;
export const submit = (answer?: unknown) => JSON.stringify(answer === undefined ? { submit: true } : { submit: true, answer });
export const lit = (v: unknown) => JSON.stringify(v);

/** Plays a reference script: the plan first, then round i for the i-th execution reply. */
export function referenceScriptModel(script: CompositeScript): Model {
  return {
    id: 'reference',
    describe: 'reference (gold round scripts)',
    async respond(messages) {
      const replies = messages.filter((m) => m.role === 'assistant').length;
      // The harness's replies after the plan, oldest first: one per executed round.
      const feedback = messages.filter((m, i) => m.role === 'user' && i > 1).map((m) => m.content).slice(1);
      const round = replies === 0 ? script.plan : (script.rounds[replies - 1] ?? submit());
      const text = typeof round === 'function' ? round(feedback) : round;
      return { text, latencyMs: 0, attempts: 1 };
    },
  };
}

/** The JSON results of the queries in the feedback so far, oldest first. */
export function queryResults(feedback: readonly string[]): Record<string, any>[] {
  return feedback.flatMap((f) => {
    const m = /query result: (\{.*\})/.exec(f);
    return m ? [JSON.parse(m[1]!) as Record<string, any>] : [];
  });
}

/**
 * The JSON result of the latest query in the feedback, for rounds that report what they read; with
 * `where`, the latest whose fields equal those given (compared case-insensitively, so addresses match
 * in any case), e.g. `{ type: 'token_balance', token: env.USDT }`.
 */
export function lastQueryResult(feedback: readonly string[], where: Record<string, string> = {}): Record<string, any> {
  const hit = queryResults(feedback).findLast((r) => Object.entries(where).every(([k, v]) => String(r[k]).toLowerCase() === v.toLowerCase()));
  if (!hit) throw new Error(`no query result${Object.keys(where).length ? ` matching ${JSON.stringify(where)}` : ''} in the feedback so far`);
  return hit;
}
