import type { Address } from 'viem';
import type { ChainSession } from '../chain/session.ts';
import type { Model } from '../model/types.ts';
import type { InstanceRecord, Outcome, RoundTranscript, SchemaRule, TxRecord } from '../results/record.ts';
import type { EnvMap } from '../tasks/address-map.ts';
import type { Instance, Params } from '../tasks/instantiate.ts';
import type { Protocol, TaskSpec } from '../tasks/task.ts';
import type { CheckContext, Validator } from '../validators/types.ts';
import type { Dialogue } from './dialogue.ts';
import type { Lesson } from './lessons.ts';
import type { Refusal } from './refusal.ts';
import type { MinedTx, ScriptContext } from './script.ts';

/** A task as its solver is given it: the declaration and the validator, never the gold solution. */
export type TaskToPlay = TaskSpec & {
  id: string;
  /** Absolute path of the task's JSON file. */
  file: string;
  validator: Validator;
};

/** A task of one protocol, as its solver is given it. */
export type TaskToPlayOf<P extends Protocol> = Extract<TaskToPlay, { protocol: P }>;

/** Everything a protocol needs to play one instance; the instance is drawn and the chain prepared. */
export interface PlayContext<T extends TaskToPlay = TaskToPlay> {
  task: T;
  instance: Instance;
  /** The validator's view of the instance: parameters, address map, the wallet. */
  base: { params: Params; env: EnvMap; agent: Address };
  session: ChainSession;
  model: Model;
  round: number;
  /** Where scripts run: the instance's read-only provider, the wallet, the time limit. */
  script: ScriptContext;
  /** Whether a reply may refuse (the hard split). */
  refusals: boolean;
  /** How the model replies: fenced code and JSON (the paper's protocol), or native tool calls. */
  transport: Transport;
  /** Time limit of a wallet agent for the whole instance. */
  agentTimeoutMs: number;
  /** A lesson check's sentence added to the hard split's system prompt (never by default). */
  lesson?: Lesson;
  /** The harness uses the chain while the model thinks (see ChainShare); absent, the chain is the solver's throughout. */
  chainShare?: ChainShare;
}

/**
 * The chain lent to the harness while the model thinks: the cost accounting replays the reference from
 * the pre-state then, off the instance's critical path, and puts the chain back before the model acts.
 */
export interface ChainShare {
  /** The solver has read what it reads before asking the model and will not touch the chain until it reclaims it. */
  lend(): void;
  /**
   * The chain back, at the pre-state with a fresh budget, once whatever the harness started on it is
   * done (at once if it started nothing); a rejection means it could not be put back.
   */
  reclaim(): Promise<void>;
}

export type Transport = 'text' | 'tools';

/** What the checks are given beyond the instance and its pre/post state. */
export type Evidence = Pick<CheckContext<unknown, unknown>, 'tx' | 'receipt' | 'txs' | 'answer' | 'refusal'>;

/** How an episode ended, for scoring. */
export type EpisodeEnd =
  /** The model provider (or the call) failed: not the model's score. */
  | { kind: 'infra'; error: string; detail: string }
  /** Nothing reached the chain that could be scored: every check fails with `detail`. */
  | { kind: 'unscored'; outcome: Outcome; schemaRule?: SchemaRule; error?: string; detail: string }
  /** The validator scores the end state; `classify` names the outcome of the final score. */
  | { kind: 'scored'; evidence: Evidence; classify: (score: number) => Outcome; error?: string };

/** What a solver reports after playing an instance. */
export interface Episode {
  dialogue: Dialogue;
  end: EpisodeEnd;
  /** The replies as the transcript shows them, the script's logs, and per round what happened. */
  transcript: { response: string; logs: string; rounds?: RoundTranscript[] };
  /** Every transaction the episode sent, in order. */
  txs: MinedTx[];
  /** The transaction an atomic instance is scored on, as recorded. */
  tx?: TxRecord;
  answer?: { value: unknown };
  /** The model refused (only where refusals count). */
  refusal?: Refusal;
  /** The step-efficiency decay applied to the end-state score (multi-round protocols, wallet agents). */
  decay?: number;
  /** The record's composite block (rounds, K_act), less the scores. */
  composite?: Omit<NonNullable<InstanceRecord['composite']>, 'baseScore' | 'decay'>;
  /** The record's wallet-agent block, less the scores. */
  walletAgent?: Omit<NonNullable<InstanceRecord['walletAgent']>, 'baseScore' | 'decay'>;
}

/** A protocol's solver: how the model is asked and what it may do, from the prepared instance to the episode's end. */
export interface Solver<T extends TaskToPlay = TaskToPlay> {
  play(ctx: PlayContext<T>): Promise<Episode>;
}
