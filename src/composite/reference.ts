import type { Model } from '../model/types.ts';
import type { EnvMap, Params } from '../tasks/instantiate.ts';

/** A composite reference solution: the plan and one reply per round, the last one the submit. */
export interface CompositeScript {
  plan: string;
  rounds: string[];
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
      const text = replies === 0 ? script.plan : (script.rounds[replies - 1] ?? submit());
      return { text, latencyMs: 0, attempts: 1 };
    },
  };
}
