import { approve, call, read, script, submit, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { debtNow } from './_mutant-helpers.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

const exitUsdt = (env: HardEnv) =>
  script(call, { to: env.venus_comptroller, signature: 'function exitMarket(address) returns (uint256)', args: [env.vUSDT] });

const approveCakeDebt = (env: HardEnv) =>
  script(approve, {
    token: env.CAKE,
    spender: env.vCAKE,
    amount: read(debtNow, { vToken: env.vCAKE, current: true, extra: 10n ** 18n }),
  });

const repayCake = (env: HardEnv) =>
  script(call, { to: env.vCAKE, signature: 'function repayBorrow(uint256) returns (uint256)', args: [2n ** 256n - 1n] });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'error_code_ignored',
    name: 'calls exitMarket and trusts the successful receipt',
    episode: (_p, env) => ({ plan: 'exit', rounds: [exitUsdt(env), submit()] }),
  },
  {
    kind: 'error_code_ignored',
    mechanism: { fails: ['the USDT supply no longer counts as collateral', 'the USDT stays supplied'] },
    name: 'exits first, then repays (the exit returned an error code)',
    episode: (_p, env) => ({ plan: 'exit, approve, repay', rounds: [exitUsdt(env), approveCakeDebt(env), repayCake(env), submit()] }),
  },
  {
    kind: 'wrong_amount',
    name: 'repays the stored CAKE debt (interest left owing), then exits',
    episode: (_p, env) => ({
      plan: 'approve, repay stored, exit',
      rounds: [
        approveCakeDebt(env),
        script(call, {
          to: env.vCAKE,
          signature: 'function repayBorrow(uint256) returns (uint256)',
          args: [read(debtNow, { vToken: env.vCAKE, current: false, extra: 0n })],
        }),
        exitUsdt(env),
        submit(),
      ],
    }),
  },
];
