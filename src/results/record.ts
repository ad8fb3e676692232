import { z } from 'zod';
import { RunSummary } from './run-summary-schema.ts';
import { RiskRecord } from '../risk/schema.ts';
import { QualityRecord } from './quality-record.ts';

export const OUTCOMES = [
  'exact', // scored 100
  'partial', // at or above the pass line, below 100
  'wrong_state', // ran and executed, but the chain (or the answer) is not what was asked
  'reverted', // the transaction was mined and reverted
  'schema_invalid', // one of the paper's schema rules: see schemaRule
  'rejected', // the node or the harness refused to send it (insufficient funds, foreign sender, absurd gas)
  'timeout',
  'runtime_error',
  'refused', // hard split: the wallet refused a request it should have carried out (an over-refusal)
  'unsafe', // hard split: a transaction went through on a request that should have been refused
  'infra', // the model provider or the harness failed: not the model's fault, never silently scored
] as const;
export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;

export const SCHEMA_RULES = [
  'no_code_block',
  'no_export',
  'wrong_signature',
  'not_a_tx',
  'no_to',
  'not_serializable',
  'bad_control_json',
  'not_an_answer',
] as const;
export type SchemaRule = (typeof SCHEMA_RULES)[number];

export const CheckRecord = z.object({
  name: z.string(),
  weight: z.number(),
  passed: z.boolean(),
  detail: z.string(),
  deviation: z.number().nullish(),
  /** Relative tolerance the check applied, so results can be re-scored at other tolerances offline. */
  tolerance: z.number().optional(),
});

export const ChainRecord = z.object({
  mode: z.enum(['mirror', 'fork']),
  /** The chain profile the instance played on (QUEST_CHAIN); records from before profiles were BSC's. */
  profile: z.string().optional(),
  chainId: z.number(),
  blockNumber: z.number(),
  forkUrl: z.string().optional(),
  forkBlock: z.number().optional(),
});

/** A sent transaction as recorded: calldata and amounts as strings (hex / decimal wei). */
export const TxRecord = z.object({
  to: z.string(),
  data: z.string(),
  value: z.string(),
  gas: z.string(),
  hash: z.string(),
  status: z.string(),
  gasUsed: z.string(),
});
export type TxRecord = z.infer<typeof TxRecord>;

/** The record of a mined transaction: what was sent, and what its receipt says. */
export function txRecord(
  tx: { to: string; data: string; value: bigint; gas: bigint },
  receipt: { transactionHash: string; status: string; gasUsed: bigint },
): TxRecord {
  return {
    to: tx.to,
    data: tx.data,
    value: tx.value.toString(),
    gas: tx.gas.toString(),
    hash: receipt.transactionHash,
    status: receipt.status,
    gasUsed: receipt.gasUsed.toString(),
  };
}

/**
 * One model reply after a composite episode's plan, in order: what the model said, what the script
 * printed, the transaction it sent, and the harness's feedback. The last one may be the submit.
 */
export const RoundTranscript = z.object({
  reply: z.string(),
  feedback: z.string().optional(),
  logs: z.string().optional(),
  tx: TxRecord.optional(),
});
export type RoundTranscript = z.infer<typeof RoundTranscript>;

export const InstanceRecord = z.object({
  taskId: z.string(),
  split: z.enum(['atomic', 'composite', 'hard']),
  /** Hard split: the family of mistakes the task tests, and whether it expects action or a refusal. */
  hazard: z.string().optional(),
  /** Hard split: what makes the task hard (src/tasks/hard-schema.ts MECHANISMS), the deciding one first. */
  mechanisms: z.array(z.string()).optional(),
  expects: z.enum(['action', 'refusal']).optional(),
  /** Hard split: the real-world failure the task stands for (the task file's note). */
  note: z.string().optional(),
  subcategory: z.string().optional(),
  round: z.number().int(),
  seed: z.number().int(),
  templateIndex: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  instruction: z.string(),
  score: z.number(),
  passed: z.boolean(),
  outcome: Outcome,
  schemaRule: z.enum(SCHEMA_RULES).optional(),
  error: z.string().optional(),
  checks: z.array(CheckRecord),
  latencyMs: z.number(),
  modelLatencyMs: z.number().optional(),
  tokens: z.object({ input: z.number(), output: z.number() }).optional(),
  /** At least one of the model's replies came from the response cache: no tokens were paid for it in this run. */
  cached: z.boolean().optional(),
  /** The model's replies for this instance: asked live in this run, or replayed from the response cache. */
  answers: z.object({ live: z.number().int(), replayed: z.number().int() }).optional(),
  tx: TxRecord.optional(),
  answer: z.unknown().optional(),
  /** Hard split: the model refused, and why. */
  refusal: z.object({ reason: z.string() }).optional(),
  /** What the model's transactions cost the owner against the reference's: value lost, exposure left, gas (USD). */
  risk: RiskRecord.optional(),
  /** Why the cost could not be measured, when it could not. */
  riskError: z.string().optional(),
  /** Execution tasks: how well a correct end state was reached (see QualityRecord). */
  quality: QualityRecord.optional(),
  transcript: z.object({
    messages: z.array(z.object({ role: z.string(), content: z.string() })),
    response: z.string(),
    logs: z.string(),
    /** Composite episodes (records written since the run viewer): every reply after the plan, structured. */
    rounds: z.array(RoundTranscript).optional(),
  }),
  /** Composite episodes: executed rounds, the optimal count, the score before decay, and each round. */
  composite: z
    .object({
      pattern: z.string(),
      kAct: z.number().int(),
      kOpt: z.number().int(),
      budget: z.number().int(),
      baseScore: z.number(),
      decay: z.number(),
      endReason: z.enum(['submit', 'error_report', 'budget', 'refusal']),
      plan: z.string(),
      rounds: z.array(z.object({ kind: z.string(), summary: z.string() })),
    })
    .optional(),
  /** Wallet agents: transactions sent (K_act) against K_opt, the decay, how the agent ended. */
  walletAgent: z
    .object({
      kAct: z.number().int(),
      kOpt: z.number().int(),
      baseScore: z.number(),
      decay: z.number(),
      endReason: z.enum(['returned', 'timeout', 'failed']),
      signatures: z.number().int(),
      exitCode: z.number().int().nullable().optional(),
    })
    .optional(),
  /** The transport of the model's replies when not the paper's text protocol. */
  protocol: z.enum(['text', 'tools', 'agent']).optional(),
  model: z.string(),
  /** The wallet the model acted for (this run's agent account). */
  agent: z.string().optional(),
  chain: ChainRecord,
  runSeed: z.number().int(),
  rounds: z.number().int(),
});
export type InstanceRecord = z.infer<typeof InstanceRecord>;

/** An instance's name across a run: "split/taskId/round" (tests, plans, resumes and results all use it). */
export const instanceKey = (i: { split: string; taskId: string; round: number }) => `${i.split}/${i.taskId}/${i.round}`;

const SplitScore = z.object({ score: z.number(), max: z.number(), passed: z.number(), instances: z.number() });

export const RunMeta = z.object({
  id: z.string(),
  model: z.string(),
  seed: z.number().int(),
  rounds: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  chain: ChainRecord,
  harness: z.object({ version: z.string(), gitSha: z.string().optional() }).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  shard: z.string().optional(),
  /** The run this one resumed (QUEST_RESUME), if any. */
  resumedFrom: z.string().optional(),
  /** How the model took part: text replies (the paper's protocol; absent in older files), tool calls, or a wallet agent. */
  protocol: z.enum(['text', 'tools', 'agent']).optional(),
  /** The version of each versioned split the run played (the hard split's tasks change between versions). */
  splitVersions: z.object({ hard: z.number().int() }).partial().optional(),
  /** A lesson check's run (QUEST_LESSON): the sentence its hard prompts added. Such a run is a row of its own. */
  lesson: z.string().optional(),
});
export type RunMeta = z.infer<typeof RunMeta>;

export type Protocol = NonNullable<RunMeta['protocol']>;

/** The protocol a run used; files written before protocols existed used the paper's text protocol. */
export const protocolOf = (run: Pick<RunMeta, 'protocol'>): Protocol => run.protocol ?? 'text';

/**
 * What a leaderboard row and the page call a run's model: the model id under the paper's text
 * protocol, "<model> · <protocol>" under another, so one model under two protocols makes two rows; a run
 * on another chain than BSC says so too ("<model> · base"), so each chain is a row of its own.
 */
export const runLabel = (run: Pick<RunMeta, 'model' | 'protocol' | 'lesson'> & { chain?: Pick<RunMeta['chain'], 'profile'> }): string =>
  `${protocolOf(run) === 'text' ? run.model : `${run.model} · ${protocolOf(run)}`}${run.lesson ? ` · lesson ${run.lesson}` : ''}${
    chainOf(run) === 'bsc' ? '' : ` · ${chainOf(run)}`
  }`;

/** The chain profile a run played on; files written before there was more than BSC played BSC. */
export const chainOf = (run: { chain?: { profile?: string | undefined } | undefined }): string => run.chain?.profile ?? 'bsc';

/**
 * Version 2 adds run metadata and the statistics; every version-1 field is still there. Instances
 * may also carry their request; transcripts, script logs and transactions stay in the JSONL beside it.
 */
export const RunResult = z.object({
  schemaVersion: z.union([z.literal(1), z.literal(2)]),
  run: RunMeta,
  summary: z.object({
    atomic: SplitScore,
    composite: SplitScore,
    /** The hard split, reported beside the published two (not in their total). */
    hard: SplitScore.optional(),
    outcomes: z.record(z.string(), z.number()),
    // Files written before the statistics had their present shape keep their numbers, without them.
    stats: z
      .unknown()
      .optional()
      .transform((v) => {
        const parsed = RunSummary.safeParse(v);
        return parsed.success ? parsed.data : undefined;
      }),
  }),
  instances: z.array(
    InstanceRecord.pick({
      taskId: true,
      split: true,
      round: true,
      seed: true,
      templateIndex: true,
      params: true,
      score: true,
      passed: true,
      outcome: true,
      checks: true,
      latencyMs: true,
      tokens: true,
      cached: true,
      answers: true,
      composite: true,
      hazard: true,
      mechanisms: true,
      expects: true,
      note: true,
      refusal: true,
      risk: true,
      riskError: true,
      quality: true,
      walletAgent: true,
    }).extend({
      schemaRule: z.string().optional(),
      subcategory: z.string().optional(),
      error: z.string().optional(),
      /** The request as the model saw it (files written before the run viewer lack it). */
      instruction: z.string().optional(),
    }),
  ),
});
export type RunResult = z.infer<typeof RunResult>;
