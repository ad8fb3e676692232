import type { Address } from 'viem';
import { approve, call, read, script, submit, type ScriptRound } from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { debtNow } from './_mutant-helpers.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

const repay = (env: HardEnv, amount: bigint | ReturnType<typeof read<{ vToken: Address; current: boolean; extra: bigint }, bigint>>) =>
  script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256) returns (uint256)', args: [amount] });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['no USDT debt is left, not a wei'] },
    name: 'repays the stored debt it read (interest since then stays owing)',
    episode: (_p, env) => ({
      plan: 'approve, repay the stored balance',
      rounds: [
        script(approve, {
          token: env.USDT,
          spender: env.vUSDT,
          amount: read(debtNow, { vToken: env.vUSDT, current: true, extra: 10n ** 18n }),
        }),
        repay(env, read(debtNow, { vToken: env.vUSDT, current: false, extra: 0n })),
        submit(),
      ],
    }),
  },
  {
    kind: 'wrong_amount',
    name: 'repays borrowBalanceCurrent as read by eth_call (one block short)',
    episode: (_p, env) => ({
      plan: 'approve, repay the current balance',
      rounds: [
        script(approve, {
          token: env.USDT,
          spender: env.vUSDT,
          amount: read(debtNow, { vToken: env.vUSDT, current: true, extra: 10n ** 18n }),
        }),
        repay(env, read(debtNow, { vToken: env.vUSDT, current: true, extra: 0n })),
        submit(),
      ],
    }),
  },
];
