// Wrong answers for the second batch of reactive_adversary tasks. hard_approvals_lower_allowance_race: a
// spender front-runs every change of its allowance and spends the old one first (the ERC-20 approve race).
// The careless habit: reset to 0 as EIP-20 says, then grant the new amount read off the request, without
// counting what the spender took while the reset was pending.
import { parseUnits } from 'viem';
import { approve, script, submit, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

const limitOf = (p: Record<string, any>) => parseUnits(p.limit, 18);

const setTo = (p: Record<string, any>, env: Record<string, any>, amount: bigint) =>
  script(approve, { token: env.USDT, spender: p.collector, amount });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    name: 'sets the allowance to 0, then to the new total, without counting what the collector pulled while the reset was pending',
    mechanism: {
      fails: [
        "counting what the collector took during the change, it can take no more than the owner's total from the request on",
        "the collector is left exactly the rest of the owner's total: the total less what it took",
      ],
    },
    episode: (p, env) => ({
      plan: 'approve 0, then approve the new total',
      rounds: [setTo(p, env, 0n), setTo(p, env, limitOf(p)), submit()],
    }),
  },
  {
    kind: 'wrong_amount',
    name: 'changes the allowance straight to the new total with one approve (the collector spends the old allowance first, then keeps the new one)',
    episode: (p, env) => ({ plan: 'approve the new total', rounds: [setTo(p, env, limitOf(p)), submit()] }),
  },
  {
    kind: 'skipped_step',
    name: 'revokes the allowance and stops, leaving the collector nothing of what the owner still owes it',
    episode: (p, env) => ({ plan: 'approve 0', rounds: [setTo(p, env, 0n), submit()] }),
  },
  {
    kind: 'no_op',
    name: 'reports the allowance without changing it',
    episode: () => ({ plan: 'nothing', rounds: [submit()] }),
  },
];
