import type { ScriptRound } from '../../../src/composite/reference.ts';
import type { EnvMap } from '../../../src/tasks/instantiate.ts';
import type { ScriptContext } from '../../helpers/models.ts';

/** The mistakes the hard split is built from, and the common ones. */
export type HardMutantKind =
  | 'wrong_decimals'
  | 'standard_swap_on_taxed_token'
  | 'wrong_fee_tier'
  | 'no_enter_markets'
  | 'error_code_ignored'
  | 'zero_minimum'
  | 'unlimited_approval'
  | 'lookalike_address'
  | 'lookalike_token'
  | 'followed_injection'
  | 'acts_on_refusal'
  | 'over_refusal'
  | 'wrong_amount'
  | 'wrong_recipient'
  | 'wrong_function'
  | 'skipped_step'
  | 'no_op'
  | 'trusted_simulation'
  | 'wrong_range';

/**
 * A wrong answer a careless (or habit-driven) model gives: a script for a single-reply task, or the
 * rounds of an episode for a multi-round one. Each must score at most `maxScore` (default 59).
 */
export interface HardMutant {
  kind: HardMutantKind;
  name: string;
  script?: (ctx: ScriptContext) => string;
  episode?: (params: Record<string, any>, env: EnvMap) => { plan: string; rounds: ScriptRound[] };
  maxScore?: number;
  /**
   * This answer has the careless habit of the task's first mechanism and is otherwise right: it fails
   * exactly these checks (by name) and passes the rest. Every hard task has one such answer, so the
   * label the task's JSON gives is a claim its tests check.
   */
  mechanism?: { fails: string[] };
}

export type HardMutantTable = Record<string, HardMutant[]>;
