import { lookalikeOf, PAYEES } from '../../../src/chain/hard-provision.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { pay, naivePay } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'lookalike_address',
    mechanism: { fails: ['the last address paid received exactly the amount'] },
    name: 'pays the newest Transfer log from the wallet (the zero-value poison)',
    script: ({ params }) => naivePay(undefined, params.amount),
  },
  {
    kind: 'lookalike_address',
    name: 'pays the address that last sent the wallet USDT (the dust sender)',
    script: ({ params, env }) => pay(env.USDT, lookalikeOf(PAYEES.freelancer), params.amount),
  },
];
