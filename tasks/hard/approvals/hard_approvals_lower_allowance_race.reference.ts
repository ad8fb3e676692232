import { parseUnits } from 'viem';
import { approve, balanceChanges, defineCompositeReference, script, submit, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

/** The USDT the wallet lost in the first transaction round (the collector's pull ahead of it), as a positive amount. */
export const pulledInFirstRound = (f: readonly string[]) => -(balanceChanges(f)[0]?.get('USDT') ?? 0n);

// EIP-20's advice, done to the end: set the collector's allowance to 0 first, see what it took
// while that change was pending (the round's USDT change: the wallet itself sends none), and grant
// only the rest of the owner's total. USDT has 18 decimals on BSC.
export default defineCompositeReference((params: TaskParams<'hard_approvals_lower_allowance_race'>, env: HardEnv) => {
  const limit = parseUnits(params.limit, 18);
  return {
    plan: `1. approve(${params.collector}, 0).\n2. Read what it pulled meanwhile; approve it ${params.limit} USDT less that. Submit.`,
    rounds: [
      script(approve, { token: env.USDT, spender: params.collector, amount: 0n }),
      (f) => {
        const rest = limit - pulledInFirstRound(f);
        return script(approve, { token: env.USDT, spender: params.collector, amount: rest > 0n ? rest : 0n });
      },
      submit(),
    ],
  };
});
