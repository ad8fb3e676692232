import type { ScriptContext } from '../helpers/models.ts';

export type MutantKind =
  | 'wrong_recipient'
  | 'wrong_amount'
  | 'wrong_function'
  | 'wrong_token'
  | 'no_op'
  | 'reverted'
  | 'wrong_answer'
  | 'wrong_target';

/** A wrong answer a careless model could give; every task needs at least three, and each must score below 60. */
export interface Mutant {
  kind: MutantKind;
  name: string;
  script(ctx: ScriptContext): string;
  /** Highest score this answer may get; default 59 (below the pass line). Partial answers set it higher to pin lost points. */
  maxScore?: number;
}

export type MutantTable = Record<string, Mutant[]>;

/** Helper: a script that returns a fixed object literal (addresses and bigints pre-rendered). */
export const returns = (body: string, imports = '') =>
  `${imports}\nexport async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {\n${body}\n}`;

export const json = (v: unknown) => JSON.stringify(v);
