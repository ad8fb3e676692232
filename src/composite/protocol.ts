// The composite protocol's scoring rules: its round budget and the step-efficiency decay.

/** Round budget: K_opt × multiplier. */
export const roundBudget = (optimalSteps: number, multiplier: number) => optimalSteps * multiplier;

/** Step-efficiency decay: full score up to K_opt executed rounds, then K_opt / K_act. */
export function decayFactor(kOpt: number, kAct: number): number {
  if (kAct <= kOpt) return 1;
  return kOpt / kAct;
}
