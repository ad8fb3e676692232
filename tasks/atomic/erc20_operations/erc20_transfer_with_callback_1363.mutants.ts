import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'plain transfer, receiver not notified',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'ten times the amount',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(params.to)}, parseUnits(${json(params.amount)}, 19)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'pays a different address',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'calls transferAndCall on USDT',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.USDT, data: qst.encodeFunctionData('transferAndCall', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
];
