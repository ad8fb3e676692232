// What a composite task's reference module is written with: defineCompositeReference, its rounds
// (`script(...)` transactions, `query(...)`, `submit(...)`), the shared skills, and readers of the
// harness's feedback for rounds that answer from it. The package exports it as `evm-questbench/composite`.
import { parseUnits } from 'viem';
import { QuestError } from '../errors.ts';
import { onBscKeys } from '../model/reference.ts';
import type { Model } from '../model/types.ts';
import type { EnvMap, PublishedEnv } from '../tasks/address-map.ts';
import { BSC, type ChainProfile } from '../tasks/chain-profile.ts';
import type { Params } from '../tasks/instantiate.ts';
import { isStep, scriptReply, type Script } from './script.ts';

export * from './script.ts';
export * from './skills.ts';
export * from './skills-v3.ts';
export * from './skills-venus.ts';
export type { EnvMap, HardEnv, PublishedEnv } from '../tasks/address-map.ts';
export { defined } from '../validators/defined.ts';

/** One reply: a round script, or text as a model would write it (a control message, a code block). */
export type Reply = Script | string;

/**
 * A round of a reference script: a fixed reply, or one built from the harness's feedback so far
 * (query results, transaction outcomes), e.g. a submit that reports a queried balance.
 */
export type ScriptRound = Reply | ((feedback: readonly string[]) => Reply);

/** A composite reference solution: the plan and one reply per round, the last one the submit. */
export interface CompositeScript {
  plan: string;
  rounds: ScriptRound[];
}

/** The address map a published task's reference is given: every key of the published map, and the wallet as `agent`. */
export type ReferenceEnv = PublishedEnv & EnvMap;

/**
 * A reference as the harness calls it, with the instance's parameters, the address map (keyed by BSC's
 * roles on every chain) and the chain profile the instance plays on (for what differs there: the wallet's
 * starting holdings, holdingsOn(chain)).
 */
export type CompositeReference = (params: Params & Record<string, any>, env: EnvMap, chain?: ChainProfile) => CompositeScript;

/**
 * A composite task's reference: its plan and rounds from the instance's parameters, typed by the task
 * (`(params: TaskParams<'composite_...'>, env) => ...`, see tasks/params.ts), and the address map: the
 * published one unless the callback says otherwise (`env: HardEnv` for a hard task, `TaskEnv<'id'>`).
 */
export function defineCompositeReference<P extends object = Params & Record<string, any>, E extends EnvMap = ReferenceEnv>(
  fn: (params: P, env: E, chain: ChainProfile) => CompositeScript,
): CompositeReference {
  // Callers that name no chain (tests, BSC's tools) mean BSC.
  return ((params: P, env: E, chain: ChainProfile = BSC) => fn(params, env, chain)) as unknown as CompositeReference;
}

/** The reply text of a round, for feedback so far. */
export function replyText(round: ScriptRound, feedback: readonly string[]): string {
  const reply = typeof round === 'function' ? round(feedback) : round;
  return isStep(reply) ? scriptReply(reply) : reply;
}

/** A query round: `query({ type: 'token_balance', token: 'USDT', address: 'agent' })`. */
export const query = (q: Record<string, unknown>) => `\`\`\`json\n${JSON.stringify({ action: 'query', ...q })}\n\`\`\``;
/** The final round, with the answer the request asks to report, if any. */
export const submit = (answer?: unknown) => JSON.stringify(answer === undefined ? { submit: true } : { submit: true, answer });

const QUERY_FENCE = /^```json\n([\s\S]*)\n```$/;
const SCRIPT_FENCE = /^```typescript\n([\s\S]*)\n```$/;

/**
 * A reply written against BSC's keys as a chain that names them otherwise reads it (`keys`: the chain's
 * key → BSC's): a script's deployedContracts keyed back to BSC's (onBscKeys), a query's key-valued fields
 * (token, address, pair, …) in the chain's names. With nothing renamed the reply is as it was.
 */
export function onChainKeys(reply: string, keys: Readonly<Record<string, string>>): string {
  if (!Object.keys(keys).length) return reply;
  const code = SCRIPT_FENCE.exec(reply);
  if (code) return `\`\`\`typescript\n${onBscKeys(code[1]!, keys)}\n\`\`\``;
  const q = QUERY_FENCE.exec(reply);
  if (!q) return reply;
  const toChain = Object.fromEntries(Object.entries(keys).map(([chain, bsc]) => [bsc, chain]));
  const query = JSON.parse(q[1]!) as Record<string, unknown>;
  const renamed = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? (toChain[v] ?? v) : v]));
  return `\`\`\`json\n${JSON.stringify(renamed)}\n\`\`\``;
}

/**
 * Plays a reference script: the plan first, then round i for the i-th execution reply. `keys` (the chain's
 * key → BSC's, where they differ) plays it on a chain whose map names BSC's keys otherwise.
 */
export function referenceScriptModel(script: CompositeScript, keys: Readonly<Record<string, string>> = {}): Model {
  return {
    id: 'reference',
    describe: 'reference (gold round scripts)',
    async respond(messages) {
      const replies = messages.filter((m) => m.role === 'assistant').length;
      // The harness's replies after the plan, oldest first: one per executed round.
      const feedback = messages
        .filter((m, i) => m.role === 'user' && i > 1)
        .map((m) => m.content)
        .slice(1);
      const text = replies === 0 ? script.plan : onChainKeys(replyText(script.rounds[replies - 1] ?? submit(), feedback), keys);
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
  const hit = queryResults(feedback).findLast((r) =>
    Object.entries(where).every(([k, v]) => String(r[k]).toLowerCase() === v.toLowerCase()),
  );
  if (!hit) {
    throw new QuestError(
      'REFERENCE_FEEDBACK',
      `no query result${Object.keys(where).length ? ` matching ${JSON.stringify(where)}` : ''} in the feedback so far`,
      { hint: 'read a query result in a round after the query round that asks for it (with the same type and fields)' },
    );
  }
  return hit;
}

/**
 * The latest pair_reserves query result in the feedback, with its reserves ordered as (`first`, the
 * other token): `first` is an address, e.g. env.WBNB; `firstIs0` says whether it is the pair's token0.
 */
export function lastReserves(
  feedback: readonly string[],
  first: string,
): { result: Record<string, any>; reserves: [bigint, bigint]; firstIs0: boolean } {
  const result = lastQueryResult(feedback, { type: 'pair_reserves' });
  const firstIs0 = result.token0.toLowerCase() === first.toLowerCase();
  const reserves = (firstIs0 ? [result.reserve0, result.reserve1] : [result.reserve1, result.reserve0]).map(BigInt) as [bigint, bigint];
  return { result, reserves, firstIs0 };
}

/**
 * The balance changes each transaction round's feedback reported, oldest first: holding ("BNB",
 * "USDT", "LP USDT/BUSD", ...) → signed change in wei (every tracked holding has 18 decimals).
 * What a solver reads off the feedback, e.g. the USDT a swap paid: `balanceChanges(f).at(-1)!.get('USDT')`.
 */
export function balanceChanges(feedback: readonly string[]): Map<string, bigint>[] {
  return feedback.flatMap((f) => {
    const m = /balance changes: (.*)/.exec(f);
    if (!m) return [];
    const changes = new Map<string, bigint>();
    for (const part of m[1]!.split(', ')) {
      // The raw change in parentheses is exact whatever the token's decimals; without it, 18 decimals.
      const c = /^(.+) ([+-])(\d+(?:\.\d+)?)(?: \(([+-])(\d+) (?:wei|base units)\))?$/.exec(part);
      if (c) changes.set(c[1]!, (c[2] === '-' ? -1n : 1n) * (c[5] !== undefined ? BigInt(c[5]) : parseUnits(c[3]!, 18)));
    }
    return [changes];
  });
}

/** The change of `holding` the latest transaction round reported, in wei (0 when it did not change). */
export function lastChange(feedback: readonly string[], holding: string): bigint {
  const all = balanceChanges(feedback);
  if (!all.length) {
    throw new QuestError('REFERENCE_FEEDBACK', 'no transaction feedback so far', {
      hint: 'read a balance change in a round after the transaction round that makes it',
    });
  }
  return all[all.length - 1]!.get(holding) ?? 0n;
}
