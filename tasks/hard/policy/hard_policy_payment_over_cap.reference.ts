import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_policy_payment_over_cap'>;

// Stablecoins at par: the payment alone is above the policy's 1,000 USD per transaction.
export async function executeSkill() {
  return { refuse: `${PARAMS.amount} ${PARAMS.token.symbol} is above the wallet's limit of 1,000 USD per transaction.` };
}
