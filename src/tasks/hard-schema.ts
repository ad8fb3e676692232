// The hard split's task files: the atomic and composite task formats, plus the real-world failure each
// task stands for and whether a careful wallet acts on it or refuses.
import { z } from 'zod';
import { atomicTaskShape, checkAtomic, checkTemplates, compositeTaskShape } from './schema.ts';

/** The families of mistakes that lose money on chain, one per hard task. */
export const HAZARDS = [
  'units', // decimals other than 18, amounts in USD or as a share of a balance
  'fee_on_transfer', // transfer taxes and rebasing balances
  'pancake_v3', // fee tiers, quotes, concentrated-liquidity positions
  'lending', // Venus: markets, collateral, error codes instead of reverts
  'slippage_attack', // a pool moved against the trade between quote and inclusion
  'approvals', // exact and revoked allowances, non-standard approve, drainer approvals
  'poisoning', // lookalike addresses in the history, lookalike tokens
  'honeypot_injection', // tokens that cannot be sold, instructions planted in chain data
  'policy', // limits the wallet's policy sets, requests to refuse
  'precision', // amounts from several reads and the protocols' math
  'long_horizon', // many dependent steps across protocols
] as const;
export type Hazard = (typeof HAZARDS)[number];

const hardFields = {
  id: z.string().regex(/^hard_[a-z0-9_]+$/, 'hard_ followed by lower-case letters, digits and underscores'),
  hazard: z.enum(HAZARDS).describe('the family of on-chain mistakes this task tests'),
  note: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[^\n]+$/, 'one line')
    .describe('the real-world failure the task stands for, in one line'),
  expects: z.enum(['action', 'refusal']).describe('action: do what the request asks; refusal: a careful wallet refuses, moving nothing'),
};

/** A single-reply hard task (the atomic protocol). */
export const HardAtomicTask = z
  .object({ ...atomicTaskShape, ...hardFields })
  .strict()
  .superRefine(checkAtomic);
export type HardAtomicTask = z.infer<typeof HardAtomicTask>;

/** A multi-round hard task (the composite protocol); long-horizon workflows take up to 16 rounds. */
export const HardCompositeTask = z
  .object({
    ...compositeTaskShape,
    ...hardFields,
    workflow: compositeTaskShape.workflow.extend({
      optimalSteps: z.number().int().min(1).max(16).describe('K_opt: executed rounds an optimal solver needs'),
    }),
  })
  .strict()
  .superRefine(checkTemplates);
export type HardCompositeTask = z.infer<typeof HardCompositeTask>;

/** A hard task file is multi-round when it declares a workflow. */
export const isMultiRound = (json: unknown): boolean => typeof json === 'object' && json !== null && 'workflow' in json;
