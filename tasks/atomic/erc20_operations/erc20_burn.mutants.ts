import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST } from './_mutant-helpers.ts';

const ZERO = '0x0000000000000000000000000000000000000000';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'sends to a dead address instead of burning',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'reverted',
    name: 'transfers to the zero address',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(ZERO)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'burns the amount with 6 decimals',
    script: ({ params }) =>
      returns(`return { to: ${json(params.token)}, data: qst.encodeFunctionData('burn', [parseUnits(${json(params.amount)}, 6)]) };`, QST),
  },
  {
    kind: 'wrong_amount',
    name: 'burns ten times the amount',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('burn', [parseUnits(${json(params.amount)}, 18) * 10n]) };`,
        QST,
      ),
  },
];
