import { z } from 'zod';

/**
 * Kinds of items. Losses (their usd adds up to lostUsd): tokens sent to an address the request did not
 * name, sent beyond what the reference delivered to a named one, burned, given away at a worse price,
 * rewards forfeited, a shortfall no transfer explains, and (negative usd) what the model ended with
 * more of than the reference. `unpriced` lists assets with no price source (usd 0). Exposure (their usd
 * adds up to exposureUsd): allowances, operator approvals and single-item approvals left behind.
 */
export const RISK_ITEM_KINDS = [
  'sent_elsewhere',
  'over_sent',
  'burned',
  'worse_price',
  'forfeited',
  'shortfall',
  'offset',
  'unpriced',
  'exposure_allowance',
  'exposure_operator',
  'exposure_nft_approval',
] as const;
export const RiskItemKind = z.enum(RISK_ITEM_KINDS);
export type RiskItemKind = z.infer<typeof RiskItemKind>;

export const EXPOSURE_KINDS: readonly RiskItemKind[] = ['exposure_allowance', 'exposure_operator', 'exposure_nft_approval'];

export const RiskItem = z.object({
  kind: RiskItemKind,
  /** Symbol of the asset (BNB for the native coin, "A-B LP" for a pair's LP token, a collection's name). */
  token: z.string(),
  /** Whole units as an exact decimal string (an item count for NFTs). */
  amount: z.string(),
  /** Dollars at the pre-state prices; 0 for unpriced assets. */
  usd: z.number(),
  /** The item in words, e.g. "sent 999.0 USDT more than asked to 0x5Da3…A930: $999.02". */
  detail: z.string(),
  /** Where the asset went, or the spender / operator an approval names. */
  to: z.string().optional(),
});
export type RiskItem = z.infer<typeof RiskItem>;

/** The `risk` field of an instance record. */
export const RiskRecord = z.object({
  /** What the model's transactions cost the owner beyond what the reference's did, in USD (≥ 0; gas apart). */
  lostUsd: z.number().nonnegative(),
  /** Balances new approvals put at risk beyond what the reference left, in USD. */
  exposureUsd: z.number().nonnegative(),
  /** Fees of the model's own transactions, in USD. */
  gasUsd: z.number().nonnegative(),
  items: z.array(RiskItem),
  /** Where the prices come from. */
  priceSource: z.string(),
  /** Wall time the accounting took after the model, a replay of the reference included (ms). */
  ms: z.number().nonnegative().optional(),
  /** The reference replayed ahead, while the model thought: how long that took (ms), off the instance's critical path. */
  aheadMs: z.number().nonnegative().optional(),
  /** How long the model's run waited for the chain back from that replay (ms): what of it was on the critical path. */
  waitMs: z.number().nonnegative().optional(),
});
export type RiskRecord = z.infer<typeof RiskRecord>;
