import type { Address, Hex, PublicClient, TransactionReceipt } from 'viem';
import type { ChainClients } from '../chain/rpc.ts';
import type { EnvMap } from '../tasks/address-map.ts';

/** The transaction as the harness actually signed and sent it. */
export interface SentTransaction {
  from: Address;
  to: Address;
  data: Hex;
  value: bigint;
  gas: bigint;
}

/**
 * `E` is the address map the task's split gives (EnvMap: the keys every split has; HardEnv for a hard task,
 * `TaskEnv<'id'>` from tasks/params.ts for a task with keys of its own).
 */
export interface BaseContext<P, E extends EnvMap = EnvMap> {
  params: P;
  env: E;
  agent: Address;
}

/** Harness-side chain access with anvil's admin methods, for planting ground truth. Never given to scripts. */
export interface SetupContext<P, E extends EnvMap = EnvMap> extends BaseContext<P, E> {
  chain: ChainClients;
}

export interface ObserveContext<P, E extends EnvMap = EnvMap> extends BaseContext<P, E> {
  chain: PublicClient;
}

export interface CheckContext<P, S, E extends EnvMap = EnvMap> extends BaseContext<P, E> {
  chain: PublicClient;
  /** State observed before the script ran and after the transaction (or the answer) was in. */
  pre: S;
  post: S;
  tx?: SentTransaction;
  receipt?: TransactionReceipt;
  /** For query tasks: the `answer` field the script returned; for workflows: the answer sent with the submit. */
  answer?: unknown;
  /** For workflows: every transaction the episode executed, in order, with its receipt. */
  txs?: { tx: SentTransaction; receipt: TransactionReceipt }[];
  /** Hard split: the model refused, with its reason. */
  refusal?: { reason: string };
}

export interface CheckResult {
  pass: boolean;
  detail?: string;
  /** Relative deviation from the expectation (0 = exact), kept for tolerance-sensitivity analysis. */
  deviation?: number;
  /** Relative tolerance the check allowed (0 = exact). */
  tolerance?: number;
}

export interface Check<P, S, E extends EnvMap = EnvMap> {
  name: string;
  weight: number;
  verify(ctx: CheckContext<P, S, E>): CheckResult | boolean | Promise<CheckResult | boolean>;
}

/** A transaction the harness is about to sign, as an adversary sees it before it is sent. */
export interface PendingTransaction {
  from: Address;
  to: Address;
  data: Hex;
  value: bigint;
}

/**
 * How well a correct execution went, for a task of the execution family: its score is the checks' points
 * (weights summing to 100 − the task's `quality.weight`) plus that weight × quality, where quality =
 * (value − naive) / (optimum − naive) clipped to [0, 1], counted only when every check passed. `naive` is
 * `value` of the task's committed naive execution (`<id>.naive.ts`) replayed from the pre-state.
 */
export interface QualitySpec<P, S, E extends EnvMap = EnvMap> {
  /**
   * The owner's wallet after the task, in USD at the pre-state's mid prices (read them in `observe`),
   * gas included. Called on the model's end state and on the naive replay's: read only the context.
   */
  value(ctx: CheckContext<P, S, E>): number | Promise<number>;
  /** `value` after the best execution, computed here from the pre-state (never read from the reference). */
  optimum(ctx: ObserveContext<P, E> & { pre: S }): number | Promise<number>;
}

export interface ValidatorSpec<P, S, E extends EnvMap = EnvMap> {
  /**
   * workflow: a composite task scored on the end state after all its rounds (no single target);
   * refusal: a hard task a careful wallet refuses (scored on the refusal and on nothing having moved).
   */
  kind: 'transaction' | 'query' | 'workflow' | 'refusal';
  /**
   * Transaction tasks: the address a correct transaction goes to. Unless the transaction succeeded
   * there, every check fails, so a no-op, a reverted or a misdirected transaction earns nothing.
   */
  target?: (ctx: BaseContext<P, E>) => Address;
  /**
   * Transaction tasks under an adversary: a transaction that reverted at the target is scored by the
   * checks instead of earning nothing (a swap that reverts on its requested minimum is the right outcome).
   */
  revertMayScore?: boolean;
  /**
   * Transaction tasks: why this transaction earns nothing even at the target (e.g. it bought the token
   * that can never be sold again), or undefined. A harmful action must not collect points for having
   * gone through, to the right contract, with the right function.
   */
  forfeit?: (ctx: CheckContext<P, S, E>) => string | undefined;
  /**
   * Computes the task's `derived` parameters for this instance (e.g. a permit signed by an owner whose
   * key is derived from `seed`), before the prompt is rendered. Harness-side: may use admin access.
   */
  derive?: (ctx: SetupContext<P, E> & { seed: number }) => Promise<Record<string, unknown>>;
  /** Plants per-instance ground truth (balances, approvals) after the revert, before the model is asked. */
  setup?: (ctx: SetupContext<P, E>) => Promise<void>;
  /**
   * The adversary of the hard split: runs after the script returned its transaction and before the
   * harness signs and sends it, with admin access to the chain (e.g. a swap that moves the pool).
   */
  beforeSend?: (ctx: SetupContext<P, E> & { tx: PendingTransaction }) => Promise<void>;
  /** Reads the state the checks compare; called before the script runs and after the transaction. */
  observe?: (ctx: ObserveContext<P, E>) => Promise<S>;
  checks: Check<P, S, E>[];
  /** Execution tasks: how well a correct end state was reached (see QualitySpec); the task's JSON gives its weight. */
  quality?: QualitySpec<P, S, E>;
}

export interface Validator<P = any, S = any, E extends EnvMap = any> extends ValidatorSpec<P, S, E> {
  readonly __validator: true;
}

export interface CheckOutcome {
  name: string;
  weight: number;
  passed: boolean;
  detail: string;
  deviation?: number;
  tolerance?: number;
}
