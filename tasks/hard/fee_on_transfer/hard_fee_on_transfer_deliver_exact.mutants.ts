import { json, returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { transfer, VIEM } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'wrong_amount',
    mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent the least amount that delivers it'] },
    name: 'sends the amount the recipient should receive',
    script: ({ params }) => returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18)`), VIEM),
  },
  {
    kind: 'wrong_amount',
    name: 'adds the tax on top (X × 1.05) instead of grossing up',
    script: ({ params }) =>
      returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18) * 105n / 100n`), VIEM),
  },
];
