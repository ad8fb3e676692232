import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { QST } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'plain approve, spender not notified',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'unlimited approveAndCall',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approveAndCall', [${json(params.spender)}, MaxUint256]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'approves a different spender',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('approveAndCall', [${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'transferAndCall to the spender (it rejects the transfer hook)',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.token)}, data: qst.encodeFunctionData('transferAndCall', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`,
        QST,
      ),
  },
];
