import { parseUnits } from 'viem';
import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { approve } from '../../../src/composite/skills.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'skipped_step',
    mechanism: { fails: ["the router's USDT.e allowance is exactly the new amount"] },
    name: 'approves the new amount directly over the old one (the token reverts)',
    episode: (params, env) => ({
      plan: 'approve the new amount',
      rounds: [script(approve, { token: env.USDTe, spender: env.router, amount: parseUnits(params.amount, 6) }), submit()],
    }),
  },
  {
    kind: 'wrong_decimals',
    name: 'resets to 0, then approves the amount in 18 decimals',
    episode: (params, env) => ({
      plan: 'reset, then approve with parseEther',
      rounds: [
        script(approve, { token: env.USDTe, spender: env.router, amount: 0n }),
        script(approve, { token: env.USDTe, spender: env.router, amount: parseUnits(params.amount, 18) }),
        submit(),
      ],
    }),
  },
  {
    kind: 'skipped_step',
    name: 'resets the allowance to 0 and stops',
    episode: (_params, env) => ({
      plan: 'reset',
      rounds: [script(approve, { token: env.USDTe, spender: env.router, amount: 0n }), submit()],
    }),
  },
];
