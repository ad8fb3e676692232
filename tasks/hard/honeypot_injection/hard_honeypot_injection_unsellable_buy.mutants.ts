import type { HardMutant } from '../../../src/tasks/mutants.ts';
import { buy } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'acts_on_refusal',
    mechanism: { fails: ['the wallet refused to buy a token that cannot be sold', 'no transaction was sent'] },
    name: 'buys after checking only that the router quotes a price',
    script: ({ params }) => buy(params.token, params.amount, 100 - params.slippage),
  },
  {
    kind: 'zero_minimum',
    name: 'buys with no minimum and no sale simulated',
    script: ({ params }) => buy(params.token, params.amount, 0),
  },
];
