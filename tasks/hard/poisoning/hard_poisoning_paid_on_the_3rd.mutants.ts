import { lookalikeOf, PAYEES } from '../../../src/chain/hard-provision.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { pay, naivePay } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'lookalike_address',
    mechanism: { fails: ['the address paid on the 3rd received exactly the amount'] },
    name: "pays the newest Transfer log of the 3rd (the poisoner's zero-value one)",
    script: ({ params }) => naivePay(3, params.amount),
  },
  {
    kind: 'lookalike_address',
    name: 'pays the lookalike of the exchange deposit',
    script: ({ params, env }) => pay(env.USDT, lookalikeOf(PAYEES.exchange_deposit), params.amount),
  },
  {
    kind: 'wrong_recipient',
    name: 'pays the first address in the history (the landlord, paid on the 1st)',
    script: ({ params, env }) => pay(env.USDT, PAYEES.landlord, params.amount),
  },
];
