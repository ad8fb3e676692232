import { submit, type ScriptRound } from '../../../src/composite/reference.ts';
import { script } from '../../../src/composite/script.ts';
import { approve } from '../../../src/composite/skills.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'skipped_step',
    mechanism: {
      fails: [
        'the MOONR (not in the address map) allowance to the spender is revoked',
        'the CLAIM (not in the address map) allowance to the spender is revoked',
      ],
    },
    name: "revokes only on the address map's tokens that have an allowance (USDT, WBTC)",
    episode: (params, env) => ({
      plan: 'check allowance() over the address map tokens, revoke the non-zero ones',
      rounds: [
        script(approve, { token: env.USDT, spender: params.spender, amount: 0n }),
        script(approve, { token: env.WBTC, spender: params.spender, amount: 0n }),
        submit(),
      ],
    }),
  },
  {
    kind: 'skipped_step',
    name: 'revokes the USDT allowance only',
    episode: (params, env) => ({
      plan: 'revoke USDT',
      rounds: [script(approve, { token: env.USDT, spender: params.spender, amount: 0n }), submit()],
    }),
  },
];
